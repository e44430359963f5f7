// A tournament game's room as the server describes it: the strip naming the event and its round, and no
// rematch, whoever looks (a player, a spectator, a tab that never heard "your game is ready").
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import { ServerMessageSchema, type RoomTournament } from '@chu/protocol';
import TournamentStrip from '../src/lib/tournaments/TournamentStrip.svelte';
import GamePanel from '../src/lib/GamePanel.svelte';
import { client, receive } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { freshNet, gameView, roomView, seat } from './fixtures';

const LEAGUE: RoomTournament = { id: 'tour1', name: 'Liga de otoño', round: 2, rounds: 3 };
const seats = { black: seat('black', 'ana', { name: 'ana' }), white: seat('white', 'ben', { name: 'ben' }) };
const finished = gameView({ status: 'finished', outcome: { winner: 'white', reason: 'resign' }, seats });

beforeEach(() => {
  freshNet([]);
  settings.lang = 'en';
});

// the room and its finished game arrive as they do on joining (or after a reload), seen by device `as`
function enter(as: string, tournament: RoomTournament | null) {
  client.device = { id: as, name: as };
  receive(ServerMessageSchema.parse({ type: 'room', room: roomView({ seats, hostDeviceId: 'tournament-tour1', tournament }) }));
  receive({ type: 'game', game: finished, reason: 'join' });
  return client.rooms.ABCDEF;
}

describe("a tournament game's room", () => {
  it('the strip names the league, its round of all rounds, and links back to the tournament', () => {
    const room = enter('watcher', LEAGUE);
    const strip = render(TournamentStrip, { tournament: room.tournament! }).container.querySelector('[data-tournament-strip]')!;
    expect(strip.getAttribute('href')).toBe('#/tournament/tour1');
    expect(strip.textContent!.replace(/\s+/g, ' ').trim()).toBe('League (round-robin) Liga de otoño · round 2 of 3 Back to the tournament →');
  });

  it("an arena's game has no round: the strip says arena and its name", () => {
    const room = enter('watcher', { id: 'tour2', name: 'Arena del viernes', round: null, rounds: null });
    const strip = render(TournamentStrip, { tournament: room.tournament! }).container.querySelector('[data-tournament-strip]')!;
    expect(strip.textContent!.replace(/\s+/g, ' ').trim()).toBe('Arena Arena del viernes Back to the tournament →');
    expect(strip.querySelector('[data-tournament-round]')).toBeNull();
  });

  it('offers no rematch once its game is over, to a player or a spectator', () => {
    for (const as of ['ana', 'watcher']) {
      const room = enter(as, LEAGUE);
      const { container, unmount } = render(GamePanel, { game: client.games.g1, room });
      expect(container.querySelector('[data-action="close-result"]')).not.toBeNull(); // the result is shown
      expect(container.querySelector('[data-action="rematch"]')).toBeNull();
      unmount();
    }
    // the same game in an ordinary room: its player is offered one
    const { container } = render(GamePanel, { game: client.games.g1, room: enter('ana', null) });
    expect(container.querySelector('[data-action="rematch"]')).not.toBeNull();
  });

  it('a room view without the field (a server from before it) reads as an ordinary room', () => {
    const { tournament: _, ...older } = roomView({ seats });
    const parsed = ServerMessageSchema.parse({ type: 'room', room: older });
    expect(parsed.type === 'room' && parsed.room.tournament).toBeNull();
  });
});
