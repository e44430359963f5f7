// HTTP calls for friends and challenges (issue 37); answers are checked with the protocol's schemas.
import {
  type Challenge, type ChallengeColor, type ChallengeList, type ChallengesFrom, type Friends, type RoomOptionsPatch,
} from '@chu/protocol';
import { getJson, type Loaded } from '../api';
import { postJson, type Answer } from '../answers';

export type { Answer } from '../answers';

export const fetchFriends = (): Promise<Loaded<Friends>> => getJson('/api/friends', (j, s) => s.FriendsSchema.parse(j));

export type FriendAction = 'follow' | 'unfollow' | 'block' | 'unblock';
export const friendRequest = (action: FriendAction, username: string): Promise<Answer<Friends>> =>
  postJson(`/api/friends/${action}`, { username }, (j, s) => s.FriendsSchema.parse(j));

/** Either challenge setting, or both: who may challenge the account, and whether bots may (issue 50). */
export const challengeSettingsRequest = (settings: { challengesFrom?: ChallengesFrom; botChallenges?: boolean }): Promise<Answer<Friends>> =>
  postJson('/api/friends/settings', settings, (j, s) => s.FriendsSchema.parse(j));

export const fetchChallenges = (): Promise<Loaded<ChallengeList>> => getJson('/api/challenges', (j, s) => s.ChallengeListSchema.parse(j));

export const challengeRequest = (to: string, options: RoomOptionsPatch, color: ChallengeColor): Promise<Answer<Challenge>> =>
  postJson('/api/challenges', { to, options, color }, (j, s) => s.ChallengeResponseSchema.parse(j).challenge);

export const answerRequest = (id: string, action: 'accept' | 'decline' | 'cancel'): Promise<Answer<Challenge>> =>
  postJson(`/api/challenges/${encodeURIComponent(id)}/${action}`, {}, (j, s) => s.ChallengeResponseSchema.parse(j).challenge);
