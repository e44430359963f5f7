// The schemas the web checks the server's answers with: one dynamic chunk with zod (see answers.ts).
export {
  AccountStatusSchema, ApiTokenListSchema, ArchivePageSchema, ChallengeListSchema, ChallengeResponseSchema, CreatedApiTokenSchema, FriendsSchema, GameRecordResponseSchema,
  LeaderboardSchema, LessonProgressSchema, MarkReadResultSchema, MyGamesSchema, NotificationPageSchema, NotificationPreferencesSchema, ProfileSchema,
  PushPublicKeySchema, PuzzleAttemptResponseSchema, PuzzleResponseSchema, SolvedExerciseSchema, TournamentListSchema, TournamentViewSchema,
} from '@chu/protocol';
