// The room chat: what the store keeps (history merged after a reconnect, own messages answered by their
// echo, refusals given back in words, never as a game banner), and the chat as people see it (two
// channels for players, one for spectators, text shown as text, the host mutes, anyone hides).
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import type { ChatMessage } from '@chu/protocol';
import Chat from '../src/lib/chat/Chat.svelte';
import {
  CHAT_KEPT, chat, chatHistoryReceived, chatReceived, chatRefused, chatTextProblem, shownMessages,
} from '../src/lib/chat/chat.svelte';
import type { ClientMessage } from '@chu/protocol';
import { client, receive } from '../src/lib/client/store.svelte';
import { sendChat } from '../src/lib/client/commands';
import { settings } from '../src/lib/settings.svelte';
import { freshNet, roomView, seat } from './fixtures';

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id, channel: 'spectators', gameId: null, deviceId: 'you', name: 'Luis', text: `hola ${id}`, at: '2026-12-01T10:00:00.000Z', ...over,
});
const sent: ClientMessage[] = [];
beforeEach(() => {
  freshNet(sent);
  for (const k of Object.keys(chat)) delete chat[k];
  settings.lang = 'en';
  settings.hiddenChat = [];
  settings.hideSpectatorChat = false;
  settings.quietChat = false;
});

describe('chat store', () => {
  it('merges the history a re-join brings with what it has, in id order, once each', () => {
    chatReceived('ABCDEF', msg(3), 'me');
    chatHistoryReceived('ABCDEF', [msg(1), msg(2), msg(3)]);
    chatReceived('ABCDEF', msg(2), 'me');
    expect(chat.ABCDEF.messages.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('keeps the newest messages of a long chat', () => {
    chatHistoryReceived('ABCDEF', Array.from({ length: CHAT_KEPT + 20 }, (_, i) => msg(i + 1)));
    expect(chat.ABCDEF.messages).toHaveLength(CHAT_KEPT);
    expect(chat.ABCDEF.messages[0].id).toBe(21);
  });

  it('checks a text as the server does: trimmed, 1–300 characters, one line', () => {
    expect(chatTextProblem('   ')).toBe('empty');
    expect(chatTextProblem('x'.repeat(301))).toBe('too-long');
    expect(chatTextProblem(`  ${'x'.repeat(300)}  `)).toBeNull();
    expect(chatTextProblem('a\u0007b')).toBe('control');
    expect(sendChat('ABCDEF', 'players', '')).toBe('empty');
    expect(sent).toEqual([]);
  });

  it('sends trimmed text with an ack id; its echo answers it; a refusal naming that id is the chat\'s, not a game banner', () => {
    receive({ type: 'room', room: roomView() });
    expect(sendChat('ABCDEF', 'players', '  buena suerte  ')).toBeNull();
    expect(sent).toEqual([{ type: 'chat.send', code: 'ABCDEF', channel: 'players', text: 'buena suerte', ack: expect.any(String) }]);
    receive({ type: 'chat', code: 'ABCDEF', message: msg(7, { channel: 'players', deviceId: 'me', name: 'me', text: 'buena suerte' }) });
    expect(chat.ABCDEF.pending).toEqual([]);

    sendChat('ABCDEF', 'players', 'otra');
    const { ack } = chat.ABCDEF.pending[0];
    receive({ type: 'error', code: 'rate-limited', message: 'At most 5 messages every 10 s.', ack });
    expect(client.error).toBeNull();
    expect(chat.ABCDEF.refusal).toMatchObject({ code: 'rate-limited', text: 'otra', channel: 'players' });
    expect(chat.ABCDEF.pending).toEqual([]);
    expect(sent).toHaveLength(2); // turned away, not sent again by itself
  });

  it('an error without the message\'s ack id is not taken for its refusal, even while it waits', () => {
    receive({ type: 'room', room: roomView() });
    sendChat('ABCDEF', 'spectators', 'hola');
    receive({ type: 'error', code: 'not-seated', message: 'You are not seated.' });
    expect(client.error?.code).toBe('not-seated');
    expect(chat.ABCDEF.pending).toHaveLength(1);
    expect(chat.ABCDEF.refusal).toBeNull();
    chatRefused('someone-else.1', 'muted', 'muted');
    expect(chat.ABCDEF.refusal).toBeNull();
  });

  it('hides the people this device hides, per channel', () => {
    chatHistoryReceived('ABCDEF', [msg(1), msg(2, { deviceId: 'troll' }), msg(3, { channel: 'players' })]);
    expect(shownMessages('ABCDEF', 'spectators', new Set(['troll'])).map((m) => m.id)).toEqual([1]);
    expect(shownMessages('ABCDEF', 'players', new Set()).map((m) => m.id)).toEqual([3]);
  });
});

describe('chat panel', () => {
  const spectatorRoom = () =>
    roomView({
      seats: { black: seat('black', 'ana'), white: seat('white', 'luis') },
      present: [
        { deviceId: 'ana', name: 'Ana', role: 'player' },
        { deviceId: 'me', name: 'me', role: 'spectator' },
        { deviceId: 'troll', name: 'Troll', role: 'spectator' },
      ],
      muted: [],
      hostDeviceId: 'ana',
    });

  it('players have two channels; spectators the room\'s only; text is text and links stay words', async () => {
    receive({ type: 'room', room: roomView({ muted: [] }) });
    receive({ type: 'chat.history', code: 'ABCDEF', messages: [msg(1, { channel: 'players', text: '<b>hi</b> https://evil.example' })] });
    const { container, unmount } = render(Chat, { room: client.rooms.ABCDEF });
    expect([...container.querySelectorAll('[role="tab"]')].map((b) => b.getAttribute('data-tab'))).toEqual(['players', 'spectators']);
    const line = container.querySelector('[data-chat-message="1"] .text')!;
    expect(line.textContent).toBe('<b>hi</b> https://evil.example');
    expect(line.querySelector('b, a')).toBeNull();
    unmount();

    receive({ type: 'room', room: spectatorRoom() });
    const view = render(Chat, { room: client.rooms.ABCDEF });
    expect(view.container.querySelector('[role="tab"]')).toBeNull();
    expect(view.container.querySelector('[data-chat-log]')!.getAttribute('data-chat-log')).toBe('spectators');
    expect(view.container.querySelector('[data-chat-message="1"]')).toBeNull(); // the players' channel is not theirs
  });

  it('a player hides the spectators\' chat: only the players\' channel is left, until they show it again', async () => {
    receive({ type: 'room', room: roomView({ muted: [] }) }); // me on Black
    receive({
      type: 'chat.history', code: 'ABCDEF',
      messages: [msg(1, { channel: 'players', deviceId: 'you', text: 'suerte' }), msg(2, { deviceId: 'sofia', name: 'Sofía', text: '¡vaya jugada!' })],
    });
    const { container } = render(Chat, { room: client.rooms.ABCDEF });
    const tabs = () => [...container.querySelectorAll('[role="tab"]')].map((b) => b.getAttribute('data-tab'));
    await fireEvent.click(container.querySelector('[data-tab="spectators"]')!);
    expect(container.querySelector('[data-chat-message="2"]')!.textContent).toContain('¡vaya jugada!');

    const hide = container.querySelector('input[name="hideSpectatorChat"]') as HTMLInputElement;
    expect(hide.closest('label')!.textContent).toContain("Hide the spectators' chat");
    await fireEvent.click(hide);
    expect(settings.hideSpectatorChat).toBe(true);
    expect(tabs()).toEqual([]); // one channel: no tabs
    expect(container.querySelector('[data-chat-log]')!.getAttribute('data-chat-log')).toBe('players');
    expect(container.querySelector('[data-chat-message="1"]')).not.toBeNull();
    expect(container.querySelector('[data-chat-message="2"]')).toBeNull();

    // more from the spectators: not shown, not counted as unread
    receive({ type: 'chat', code: 'ABCDEF', message: msg(3, { deviceId: 'sofia', name: 'Sofía', text: 'otra' }) });
    await tick();
    expect(container.querySelector('[data-chat-message="3"]')).toBeNull();
    expect(container.querySelector('[data-unread]')).toBeNull();
    await fireEvent.input(container.querySelector('[data-chat-form] input')!, { target: { value: 'gracias' } });
    await fireEvent.submit(container.querySelector('[data-chat-form]')!);
    expect(sent).toEqual([{ type: 'chat.send', code: 'ABCDEF', channel: 'players', text: 'gracias', ack: expect.any(String) }]);

    await fireEvent.click(hide);
    expect(settings.hideSpectatorChat).toBe(false);
    expect(tabs()).toEqual(['players', 'spectators']);
    await fireEvent.click(container.querySelector('[data-tab="spectators"]')!);
    expect(container.querySelector('[data-chat-message="3"]')).not.toBeNull();
  });

  it('spectators have no such box: the room\'s chat is all they have', () => {
    receive({ type: 'room', room: spectatorRoom() });
    const { container } = render(Chat, { room: client.rooms.ABCDEF });
    expect(container.querySelector('input[name="hideSpectatorChat"]')).toBeNull();
  });

  it('counts characters, refuses an empty or long message in words, and gives a refused one back', async () => {
    receive({ type: 'room', room: spectatorRoom() });
    const { container } = render(Chat, { room: client.rooms.ABCDEF });
    const input = container.querySelector('[data-chat-form] input') as HTMLInputElement;
    await fireEvent.input(input, { target: { value: 'x'.repeat(305) } });
    expect(container.querySelector('[data-chat-count]')!.textContent!.trim()).toBe('305/300');
    expect((container.querySelector('[data-chat-form] button') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.submit(container.querySelector('[data-chat-form]')!);
    expect(container.querySelector('[data-chat-problem]')!.textContent).toBe('At most 300 characters.');
    expect(sent).toEqual([]);

    await fireEvent.input(input, { target: { value: 'hola a todos' } });
    await fireEvent.submit(container.querySelector('[data-chat-form]')!);
    expect(sent).toEqual([{ type: 'chat.send', code: 'ABCDEF', channel: 'spectators', text: 'hola a todos', ack: expect.any(String) }]);
    expect(input.value).toBe('');
    receive({ type: 'error', code: 'muted', message: "The host muted you in this room's chat.", ack: chat.ABCDEF.pending[0].ack });
    await tick();
    expect(container.querySelector('[data-chat-problem]')!.textContent).toBe('The host has muted you in this room.');
    expect(input.value).toBe('hola a todos');
  });

  it('anyone hides a person on this device; only the host mutes', async () => {
    receive({ type: 'room', room: spectatorRoom() });
    receive({ type: 'chat.history', code: 'ABCDEF', messages: [msg(1, { deviceId: 'troll', name: 'Troll' }), msg(2, { deviceId: 'ana', name: 'Ana' })] });
    const { container, rerender } = render(Chat, { room: client.rooms.ABCDEF });
    await fireEvent.click(container.querySelector('[data-action="chat-people"]')!);
    expect(container.querySelector('[data-action="chat-mute"]')).toBeNull(); // not the host
    await fireEvent.click(container.querySelector('[data-person="troll"] [data-action="chat-hide"]')!);
    expect(settings.hiddenChat).toEqual([{ id: 'troll', name: 'Troll' }]);
    expect(container.querySelector('[data-chat-message="1"]')).toBeNull();
    expect(container.querySelector('[data-chat-message="2"]')).not.toBeNull();
    expect(container.querySelector('[data-chat-hidden-count]')).not.toBeNull();

    receive({ type: 'room', room: { ...spectatorRoom(), hostDeviceId: 'me' } });
    await rerender({ room: client.rooms.ABCDEF });
    await fireEvent.click(container.querySelector('[data-person="troll"] [data-action="chat-mute"]')!);
    expect(sent.at(-1)).toEqual({ type: 'chat.mute', code: 'ABCDEF', deviceId: 'troll', muted: true, ack: expect.any(String) });
  });

  it('a muted participant is told so instead of a field; quiet mode turns the chat off', async () => {
    receive({ type: 'room', room: { ...spectatorRoom(), muted: ['me'] } });
    const { container } = render(Chat, { room: client.rooms.ABCDEF });
    expect(container.querySelector('[data-chat-muted]')).not.toBeNull();
    expect(container.querySelector('[data-chat-form]')).toBeNull();
    settings.quietChat = true;
    await tick();
    expect(container.querySelector('[data-chat-quiet]')).not.toBeNull();
    expect(container.querySelector('[data-chat-log]')).toBeNull();
  });

  it('the other tab counts every message that arrives after the join, the very first one too (issue 35 #2)', async () => {
    receive({ type: 'room', room: roomView({ muted: [] }) }); // me on Black: the players' tab is open
    receive({ type: 'chat.history', code: 'ABCDEF', messages: [] }); // an empty room
    const { container } = render(Chat, { room: client.rooms.ABCDEF });
    const badge = () => container.querySelector('[data-tab="spectators"] [data-unread]')?.getAttribute('data-unread') ?? null;
    expect(badge()).toBeNull();
    receive({ type: 'chat', code: 'ABCDEF', message: msg(1, { deviceId: 'sofia', name: 'Sofía' }) });
    await tick();
    expect(badge()).toBe('1');
    receive({ type: 'chat', code: 'ABCDEF', message: msg(2, { deviceId: 'sofia', name: 'Sofía' }) });
    await tick();
    expect(badge()).toBe('2');
    await fireEvent.click(container.querySelector('[data-tab="spectators"]')!);
    await fireEvent.click(container.querySelector('[data-tab="players"]')!);
    expect(badge()).toBeNull(); // read once shown
  });

  it('what the history of a join brings counts as read, even when it comes after the panel is drawn', async () => {
    receive({ type: 'room', room: roomView({ muted: [] }) });
    const { container } = render(Chat, { room: client.rooms.ABCDEF });
    receive({ type: 'chat.history', code: 'ABCDEF', messages: [msg(1, { deviceId: 'sofia' }), msg(2, { deviceId: 'sofia' })] });
    await tick();
    expect(container.querySelector('[data-unread]')).toBeNull();
    receive({ type: 'chat', code: 'ABCDEF', message: msg(3, { deviceId: 'sofia' }) });
    await tick();
    expect(container.querySelector('[data-tab="spectators"] [data-unread]')?.getAttribute('data-unread')).toBe('1');
  });
});
