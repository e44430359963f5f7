export {
  bestMove, clampLevel, newGame, warmUp, LEVELS, LEVEL_ELO, MIN_LEVEL, MAX_LEVEL, type BestMoveOptions, type BestMoveResult, type PvLine, type Repetition, type SearchInfo,
} from './engine.ts';
export { EnginePool, EngineCpuPlayer, type PositionSpec, type PoolSearch } from './pool.ts';
export { runUsi } from './usi.ts';
export { allotTime, moveClockOf, HORIZON_MOVES, USI_MARGIN_MS, type Allotment, type MoveClock } from './time.ts';
