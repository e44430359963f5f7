export * from './glicko.ts';
export * from './matchmaking.ts';
