// The schemas the web checks the server's answers with: one dynamic chunk with zod (see answers.ts).
export {
  AccountStatusSchema, ArchivePageSchema, ChallengeListSchema, ChallengeResponseSchema, FriendsSchema, GameRecordResponseSchema,
  LeaderboardSchema, MarkReadResultSchema, MyGamesSchema, NotificationPageSchema, NotificationPreferencesSchema, ProfileSchema,
  PushPublicKeySchema, PuzzleAttemptResponseSchema, PuzzleResponseSchema, TournamentListSchema, TournamentViewSchema,
} from '@chu/protocol';
