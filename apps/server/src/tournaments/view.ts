import { tournamentControl, type TournamentStanding, type TournamentGame, type TournamentView } from '@chu/protocol';
import type { TournamentState } from '../db/TournamentStore.ts';
import type { GameResult, Pairing } from './results.ts';
import { arenaStandings, roundRobinStandings } from './standings.ts';

const PLAYING = new Set(['active', 'adjourned']);

/** Finished pairings in the order their games ended (an arena's streaks follow that order). */
export function finishedInOrder(state: TournamentState): (Pairing & { result: GameResult })[] {
  return state.pairings
    .filter((p): p is typeof p & { result: GameResult } => p.result !== null)
    .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || a.round - b.round)
    .map((p) => ({ black: p.black, white: p.white, result: p.result }));
}

/** The standings as the page shows them, from the stored pairings' results. */
export function standingsOf(state: TournamentState): TournamentStanding[] {
  const entries = state.entrants.map((e) => ({ id: e.id, withdrawn: e.withdrawn }));
  if (state.tournament.kind === 'arena') {
    return arenaStandings(entries, finishedInOrder(state)).map((r) => ({
      entrant: r.id, rank: r.rank, score: r.score, played: r.played, wins: r.wins, draws: r.draws, losses: r.played - r.wins - r.draws,
      points: r.points, onFire: r.onFire, sonnebornBerger: null, headToHead: null,
    }));
  }
  const pairings = state.pairings.map((p) => ({ ...p, inPlay: p.result === null && !!p.game && PLAYING.has(p.game.status) }));
  return roundRobinStandings(entries, pairings).map((r) => ({
    entrant: r.id, rank: r.rank, score: r.points, played: r.played, wins: r.wins, draws: r.draws, losses: r.losses,
    points: null, onFire: false, sonnebornBerger: r.sonnebornBerger, headToHead: r.headToHead,
  }));
}

/**
 * A tournament as its page shows it. `msPerSecond`: the site's clock (1000; faster in tests). `away`:
 * a running arena's entrants found away from the site, shown paused.
 */
export function tournamentView(state: TournamentState, msPerSecond: number, away: ReadonlySet<string> = new Set()): TournamentView {
  const t = state.tournament;
  const running = t.status === 'running';
  const withdrawn = new Set(state.entrants.filter((e) => e.withdrawn).map((e) => e.id));
  const live = state.pairings.filter((p) => running && p.game && PLAYING.has(p.game.status));
  const playing = (id: string) => {
    const p = live.find((x) => x.black === id || x.white === id);
    return p?.game ? { roomCode: p.game.roomCode, gameId: p.game.id } : null;
  };
  const games: TournamentGame[] = state.pairings.map((p) => ({
    round: p.round, black: p.black, white: p.white, result: p.result,
    forfeit: t.kind === 'round-robin' && p.result === null && (withdrawn.has(p.black) || withdrawn.has(p.white)) && !(p.game && PLAYING.has(p.game.status)),
    roomCode: p.game?.roomCode ?? null, gameId: p.game?.id ?? null,
  }));
  return {
    id: t.id, kind: t.kind, name: t.name, organiser: t.organiser, status: t.status, startsAt: t.startsAt, endsAt: t.endsAt,
    timeControl: tournamentControl(t.settings),
    cycles: t.settings.kind === 'round-robin' ? t.settings.cycles : null,
    roundDays: t.settings.kind === 'round-robin' ? t.settings.roundDays : null,
    round: t.round, rounds: t.rounds, roundEndsAt: t.roundEndsAt, msPerSecond,
    entrants: state.entrants.map((e) => ({
      id: e.id, name: e.name, cpuLevel: e.cpuLevel, withdrawn: e.withdrawn, playing: playing(e.id),
      ...(t.kind === 'arena' && running ? { paused: away.has(e.id) } : {}),
    })),
    standings: standingsOf(state),
    games,
  };
}
