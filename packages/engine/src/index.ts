export { bestMove, clampLevel, LEVELS, MIN_LEVEL, MAX_LEVEL, type BestMoveOptions, type BestMoveResult, type SearchInfo } from './engine.ts';
