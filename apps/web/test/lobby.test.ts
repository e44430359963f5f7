// Home's lobby (issue 47, item 9): a name that is an account's links to its profile, in the open rooms
// and in the games being played; a guest's name and the CPU's are only names.
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import { DEFAULT_ROOM_OPTIONS, type ClientMessage, type Lobby as LobbyData } from '@chu/protocol';
import Lobby from '../src/lib/lobby/Lobby.svelte';
import { client } from '../src/lib/client/store.svelte';
import { settings } from '../src/lib/settings.svelte';
import { freshNet } from './fixtures';

const lobby: LobbyData = {
  rooms: [
    { code: 'ANA001', options: DEFAULT_ROOM_OPTIONS, setup: null, language: 'es', waiting: [{ color: 'black', name: 'ana', account: true }], present: 1 },
    { code: 'GST001', options: DEFAULT_ROOM_OPTIONS, setup: null, language: 'es', waiting: [{ color: 'white', name: 'Invitado 7', account: false }], present: 1 },
  ],
  live: [{
    code: 'LIVE01', gameId: 'g1', black: 'beto_r', white: 'CPU 3', accounts: { black: true, white: false }, ply: 4, variant: 'chu', setup: null,
    rated: false, language: 'es', spectators: 0,
  }],
};

const sent: ClientMessage[] = [];
beforeEach(() => {
  freshNet(sent);
  settings.lang = 'en';
  client.lobby = lobby;
});

describe('the lobby', () => {
  it('links accounts\' names to their profiles, and only theirs', () => {
    const { container } = render(Lobby);
    const links = [...container.querySelectorAll('a[data-profile]')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['ana', '#/player/ana'], ['beto_r', '#/player/beto_r']]);
    expect(container.querySelector('[data-open-room="GST001"] .who')!.textContent).toContain('Invitado 7');
    expect(container.querySelector('[data-live-game="g1"] .who')!.textContent!.replace(/\s+/g, ' ')).toContain('beto_r – CPU 3');
  });
});
