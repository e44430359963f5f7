/** One game of a round-robin schedule: entrant indices (0-based, in seeding order). */
export interface ScheduledGame { round: number; black: number; white: number }

/** A round-robin's whole schedule: its rounds, each with its games and who sits out (odd counts). */
export interface Schedule { rounds: number; games: ScheduledGame[]; byes: { round: number; entrant: number }[] }

export const ROUND_ROBIN_MIN = 3;
export const ROUND_ROBIN_MAX = 16;

/**
 * The circle method: with an even count m (an odd count gets a bye, which takes the fixed place), one
 * place stays put and the others turn one place each round, for m − 1 rounds; in each round the i-th
 * place from the start meets the i-th from the end. The fixed place's entrant alternates colours round
 * by round; at the other tables the first-named plays Black at odd tables, so that as entrants turn
 * through the places their colours alternate: nobody's Blacks and Whites differ by more than one, nor
 * run more than twice in a row. Twice round (`cycles` 2) plays the same rounds again with colours
 * swapped. Rounds are numbered from 1.
 */
export function roundRobinSchedule(entrants: number, cycles: 1 | 2): Schedule {
  if (!Number.isInteger(entrants) || entrants < ROUND_ROBIN_MIN || entrants > ROUND_ROBIN_MAX) {
    throw new Error(`a round-robin has ${ROUND_ROBIN_MIN} to ${ROUND_ROBIN_MAX} entrants, not ${entrants}`);
  }
  const m = entrants % 2 === 0 ? entrants : entrants + 1;
  const BYE = -1; // the extra place of an odd count: the fixed one, so the others' colours alternate evenly
  const places = m === entrants ? [...Array(m).keys()] : [BYE, ...Array(entrants).keys()];
  const perCycle = m - 1;
  const games: ScheduledGame[] = [];
  const byes: Schedule['byes'] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    for (let r = 0; r < perCycle; r++) {
      const round = cycle * perCycle + r + 1;
      // position 0 fixed; the others turned r places
      const at = (i: number): number => places[i === 0 ? 0 : 1 + ((i - 1 + r) % (m - 1))];
      for (let i = 0; i < m / 2; i++) {
        const a = at(i);
        const b = at(m - 1 - i);
        if (a === BYE || b === BYE) {
          byes.push({ round, entrant: a === BYE ? b : a });
          continue;
        }
        const aBlack = i === 0 ? r % 2 === 0 : i % 2 === 1;
        const [black, white] = aBlack !== (cycle === 1) ? [a, b] : [b, a];
        games.push({ round, black, white });
      }
    }
  }
  return { rounds: perCycle * cycles, games, byes };
}
