import { describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_OPTIONS, GameRecordResponseSchema } from '../src/index.ts';

// GET /api/games/:id as the server sends it; the web's replay parses it with this schema.
const RECORD = {
  game: {
    id: 'g1', roomCode: 'ABCDEF', number: 1, options: DEFAULT_ROOM_OPTIONS,
    startSfen: 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1',
    setup: null, moves: ['7j5h'], times: [812], clocks: [{ black: { mainMs: 599_188, periods: 3 }, white: { mainMs: 600_000, periods: 3 }, lagCreditMs: 40 }], byCpu: [false], status: 'finished',
    outcome: { winner: 'black', reason: 'resign' },
    seats: { black: { kind: 'human', name: 'Ana' }, white: { kind: 'cpu', name: 'CPU 3', level: 3 } },
    createdAt: '2026-12-01T10:00:00.000Z', finishedAt: '2026-12-01T10:05:00.000Z',
  },
};

describe('GET /api/games/:id answer', () => {
  it('parses a stored game', () => {
    expect(GameRecordResponseSchema.parse(RECORD)).toEqual(RECORD);
  });

  it.each([
    ['the bare record, not under game', RECORD.game, 'game'],
    ['moves missing', { game: { ...RECORD.game, moves: undefined } }, 'game.moves'],
    ['an unknown status', { game: { ...RECORD.game, status: 'paused' } }, 'game.status'],
    ['a seat without a kind', { game: { ...RECORD.game, seats: { ...RECORD.game.seats, white: { name: 'Ben' } } } }, 'game.seats.white.kind'],
  ])('refuses %s, and says where', (_label, body, where) => {
    const r = GameRecordResponseSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path.join('.')).toBe(where);
  });
});
