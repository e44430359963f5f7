// The ranked queue: idle → joining → queued → matched, leaving, account-required, disconnects; the
// time controls offered (one queue each), the rating range searched as it widens, and the CPU game offered
// after a minute of waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, fireEvent } from '@testing-library/svelte';
import { RANKED_CONTROL_IDS, RankedServerMessages } from '@chu/protocol';
import RankedQueue from '../src/lib/ranked/RankedQueue.svelte';
import { IDLE, queueReduce, formatChange, formatElapsed, formatRating, searchRange, type QueueState } from '../src/lib/ranked/queue';
import type { ClientMessage } from '@chu/protocol';
import { client, receive } from '../src/lib/client/store.svelte';
import { connection, setTransport } from '../src/lib/link/link.svelte';
import { router } from '../src/lib/router.svelte';
import { settings } from '../src/lib/settings.svelte';

const [queueMsg, matchMsg] = RankedServerMessages;
const match = matchMsg.parse({ type: 'ranked.match', roomCode: 'K7QMPX', gameId: 'g42', color: 'white' });

describe('queueReduce', () => {
  it('idle → joining → queued → matched', () => {
    let s: QueueState = IDLE;
    s = queueReduce(s, { kind: 'join', control: 'turn30' });
    expect(s).toEqual({ state: 'joining', control: 'turn30' });
    s = queueReduce(s, { kind: 'server', msg: queueMsg.parse({ type: 'ranked', queue: { control: 'turn30', since: 1000, rating: 1500 } }) });
    expect(s).toEqual({ state: 'queued', control: 'turn30', since: 1000, rating: 1500 });
    s = queueReduce(s, { kind: 'join', control: 'corr3' }); // already queued: ignored
    expect(s.state).toBe('queued');
    s = queueReduce(s, { kind: 'server', msg: match });
    expect(s).toEqual({ state: 'matched', match });
    // a `ranked` {queue: null} after the match keeps the match
    s = queueReduce(s, { kind: 'server', msg: { type: 'ranked', queue: null } });
    expect(s.state).toBe('matched');
    expect(queueReduce(s, { kind: 'disconnect', rejoin: true }).state).toBe('matched');
  });

  it('leaving: queued → leaving → idle on the server answer', () => {
    let s: QueueState = { state: 'queued', control: '10m+30b', since: 5, rating: 1500 };
    s = queueReduce(s, { kind: 'leave' });
    expect(s).toEqual({ state: 'leaving' });
    s = queueReduce(s, { kind: 'server', msg: { type: 'ranked', queue: null } });
    expect(s).toEqual(IDLE);
    expect(queueReduce(IDLE, { kind: 'leave' })).toBe(IDLE);
  });

  it('account-required and disconnects return to idle with a reason', () => {
    expect(queueReduce({ state: 'joining', control: '10m+30b' }, { kind: 'account-required' })).toEqual({
      state: 'idle', error: 'account-required',
    });
    expect(queueReduce({ state: 'queued', control: '30m+30f', since: 1, rating: 1500 }, { kind: 'disconnect', rejoin: false })).toEqual({
      state: 'idle', error: 'offline',
    });
    expect(queueReduce({ state: 'idle', error: 'offline' }, { kind: 'join', control: '10m+30b' }).state).toBe('joining');
  });

  it('a disconnect while queued joins again once back (the server dropped the old socket from the queue)', () => {
    const queued: QueueState = { state: 'queued', control: 'corr3', since: 1, rating: 1500 };
    expect(queueReduce(queued, { kind: 'disconnect', rejoin: true })).toEqual({ state: 'joining', control: 'corr3' });
    expect(queueReduce(IDLE, { kind: 'disconnect', rejoin: true })).toBe(IDLE);
  });

  it('the range searched widens with the wait, as @chu/ratings pairs (100, then 20 per second, at most 1000)', () => {
    expect(searchRange(1500, 0)).toEqual([1400, 1600]);
    expect(searchRange(1500, 30_000)).toEqual([800, 2200]);
    expect(searchRange(1612.4, 10_000)).toEqual([1312, 1912]);
    expect(searchRange(1500, 3_600_000)).toEqual([500, 2500]);
  });

  it('formats elapsed time, provisional ratings and rating changes with a real minus sign', () => {
    expect(formatChange(1500, 1512.4)).toBe('+12');
    expect(formatChange(1500, 1488)).toBe('−12');
    expect(formatChange(1500.2, 1499.9)).toBe('±0');
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(-5)).toBe('0:00');
    expect(formatRating(1500.4, true)).toBe('1500?');
    expect(formatRating(1712.6, false)).toBe('1713');
  });
});

describe('RankedQueue widget with net', () => {
  let sent: ClientMessage[] = [];
  beforeEach(() => {
    sent = [];
    setTransport((m) => sent.push(m));
    client.ranked = IDLE;
    connection.status = 'online';
    client.user = { id: 'u1', username: 'ana' };
  });
  afterEach(() => {
    setTransport(null);
    vi.useRealTimers();
    settings.lang = 'en';
  });

  it('a guest is told an account is needed and offered the login', () => {
    client.user = null;
    const { container } = render(RankedQueue);
    expect(container.querySelector('[data-need-account]')!.textContent).toContain('Ranked play needs an account.');
    expect(container.querySelector('[data-need-account] a')!.getAttribute('href')).toBe('#/account');
    expect((container.querySelector('[data-action="ranked-join"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    // language, the controls offered, each as the room form words it (describeControl), with its rating pool
    ['en', ['10 min + 30 s byoyomi (Real-time)', '30 min + 30 s Fischer (Real-time)', '30 s a move (Real-time)', '3 days a move (Correspondence)']],
    ['es', ['10 min + 30 s byoyomi (En tiempo real)', '30 min + 30 s Fischer (En tiempo real)', '30 s por jugada (En tiempo real)', '3 días por jugada (Por correspondencia)']],
    ['ja', ['10分 + 秒読み30秒 (リアルタイム)', '30分 + フィッシャー30秒 (リアルタイム)', '一手30秒 (リアルタイム)', '一手3日 (通信対局)']],
  ] as const)('%s: offers exactly the ranked controls, none untimed, the first chosen', (lang, labels) => {
    settings.lang = lang;
    const { container } = render(RankedQueue);
    const choices = [...container.querySelectorAll('input[name="rankedControl"]')] as HTMLInputElement[];
    expect(choices.map((c) => c.value)).toEqual([...RANKED_CONTROL_IDS]);
    expect(choices.map((c) => c.closest('label')!.textContent!.replace(/\s+/g, ' ').trim())).toEqual(labels);
    expect(choices.map((c) => c.checked)).toEqual([true, false, false, false]);
  });

  it('joins the chosen control\'s queue, shows which queue and the search with elapsed time, leaves', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(100_000);
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('input[value="30m+30f"]')!);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    expect(sent).toEqual([{ type: 'ranked.join', control: '30m+30f', ack: expect.any(String) }]);
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('joining');
    expect(container.querySelector('[data-queue-control]')!.getAttribute('data-queue-control')).toBe('30m+30f');

    receive({ type: 'ranked', queue: { control: '30m+30f', since: 100_000, rating: 1500 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(container.querySelector('[data-range]')!.textContent).toBe('Looking for ratings 1400–1600');
    expect(container.querySelector('[data-cpu-offer]')).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(container.querySelector('[data-range]')!.getAttribute('data-range')).toBe('1200-1800');
    await vi.advanceTimersByTimeAsync(55_000);
    expect(container.querySelector('.status')!.textContent).toContain('Searching for an opponent… (1:05)');
    expect(container.querySelector('[data-queue-control="30m+30f"]')!.textContent).toBe('Queue: 30 min + 30 s Fischer (Real-time)');
    expect(container.querySelector('[data-range]')!.getAttribute('data-range')).toBe('500-2500');

    // a minute without an opponent: a casual CPU game, while the queue goes on
    await fireEvent.click(container.querySelector('[data-action="cpu-while-waiting"]')!);
    // one command: the server makes the room, seats the CPU and starts (in the host's language)
    expect(sent[1]).toEqual({ type: 'room.cpuGame', level: 3, options: { language: settings.lang }, ack: expect.any(String) });
    expect(client.ranked.state).toBe('queued');
    client.creating = null;
    sent.splice(1);

    await fireEvent.click(container.querySelector('[data-action="ranked-leave"]')!);
    expect(sent[1]).toEqual({ type: 'ranked.leave', ack: expect.any(String) });
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('leaving');
    receive({ type: 'ranked', queue: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('idle');
  });

  it('a match opens the game\'s room', async () => {
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    expect(sent).toEqual([{ type: 'ranked.join', control: '10m+30b', ack: expect.any(String) }]);
    receive({ type: 'ranked', queue: { control: '10m+30b', since: Date.now(), rating: 1500 } });
    receive(match);
    expect(client.ranked.state).toBe('matched');
    await vi.waitFor(() => expect(router.route).toEqual({ name: 'room', code: 'K7QMPX' }));
    await vi.waitFor(() => expect(container.querySelector('a.btn')!.getAttribute('href')).toBe('#/room/K7QMPX'));
  });

  it('the server\'s account-required error is shown by the widget, not as a banner', async () => {
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    client.error = null;
    receive({ type: 'error', code: 'account-required' as 'internal', message: 'Log in to play ranked games.' });
    expect(client.ranked).toEqual({ state: 'idle', error: 'account-required' });
    expect(client.error).toBeNull();
    await vi.waitFor(() => expect(container.querySelector('[data-need-account]')).not.toBeNull());
  });

  it('another error answering a join (ranked not available) returns to idle with a message', async () => {
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    receive({ type: 'error', code: 'malformed', message: 'Malformed message.', ack: (sent[0] as { ack: string }).ack });
    expect(client.ranked).toEqual({ state: 'idle', error: 'refused' });
    await vi.waitFor(() => expect(container.querySelector('[data-refused]')).not.toBeNull());
    // errors answering anything else leave the queue state alone
    client.ranked = { state: 'queued', control: '10m+30b', since: 1, rating: 1500 };
    receive({ type: 'error', code: 'not-your-turn', message: 'no', ack: 'x.1' });
    expect(client.ranked.state).toBe('queued');
  });

  it('a lost connection while queued: reconnecting, then the same queue is asked for again', async () => {
    const link = setTransport((m) => sent.push(m));
    receive({ type: 'ranked', queue: { control: 'corr3', since: Date.now(), rating: 1500 } });
    const { container } = render(RankedQueue);
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('queued');
    expect(container.querySelector('[data-queue-control]')!.textContent).toBe('Queue: 3 days a move (Correspondence)');
    link.down();
    await vi.waitFor(() => expect(container.textContent).toContain('Connection lost — reconnecting…'));
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('joining');
    link.up();
    expect(sent).toEqual([{ type: 'ranked.join', control: 'corr3', ack: expect.any(String) }]);
  });

  it('a guest who loses the connection is simply out of the queue', async () => {
    client.ranked = { state: 'queued', control: 'turn30', since: Date.now(), rating: 1500 };
    const { container } = render(RankedQueue);
    client.ranked = queueReduce(client.ranked, { kind: 'disconnect', rejoin: false });
    await vi.waitFor(() => expect(container.textContent).toContain('Disconnected: you are no longer in the queue.'));
  });
});
