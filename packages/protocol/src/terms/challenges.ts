/** The challenger's side: a colour, or 'random' (drawn when the challenge is accepted). */
export const CHALLENGE_COLORS = ['black', 'white', 'random'] as const;
export type ChallengeColor = (typeof CHALLENGE_COLORS)[number];

export const CHALLENGE_STATUSES = ['open', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
