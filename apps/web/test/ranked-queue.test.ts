// The ranked queue: idle → joining → queued → matched, leaving, account-required, disconnects.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, fireEvent } from '@testing-library/svelte';
import { RankedServerMessages } from '@chu/protocol';
import RankedQueue from '../src/lib/ranked/RankedQueue.svelte';
import { IDLE, queueReduce, formatElapsed, formatRating, type QueueState } from '../src/lib/ranked/queue';
import { net, receive, setTransport, type OutMessage } from '../src/lib/net.svelte';
import { router } from '../src/lib/router.svelte';

const [queueMsg, matchMsg] = RankedServerMessages;
const match = matchMsg.parse({ type: 'ranked.match', roomCode: 'K7QMPX', gameId: 'g42', color: 'white' });

describe('queueReduce', () => {
  it('idle → joining → queued → matched', () => {
    let s: QueueState = IDLE;
    s = queueReduce(s, { kind: 'join', turnTime: 30 });
    expect(s).toEqual({ state: 'joining', turnTime: 30 });
    s = queueReduce(s, { kind: 'server', msg: queueMsg.parse({ type: 'ranked', queue: { turnTime: 30, since: 1000 } }) });
    expect(s).toEqual({ state: 'queued', turnTime: 30, since: 1000 });
    s = queueReduce(s, { kind: 'join', turnTime: 60 }); // already queued: ignored
    expect(s.state).toBe('queued');
    s = queueReduce(s, { kind: 'server', msg: match });
    expect(s).toEqual({ state: 'matched', match });
    // a `ranked` {queue: null} after the match keeps the match
    s = queueReduce(s, { kind: 'server', msg: { type: 'ranked', queue: null } });
    expect(s.state).toBe('matched');
    expect(queueReduce(s, { kind: 'disconnect' }).state).toBe('matched');
  });

  it('leaving: queued → leaving → idle on the server answer', () => {
    let s: QueueState = { state: 'queued', turnTime: null, since: 5 };
    s = queueReduce(s, { kind: 'leave' });
    expect(s).toEqual({ state: 'leaving' });
    s = queueReduce(s, { kind: 'server', msg: { type: 'ranked', queue: null } });
    expect(s).toEqual(IDLE);
    expect(queueReduce(IDLE, { kind: 'leave' })).toBe(IDLE);
  });

  it('account-required and disconnects return to idle with a reason', () => {
    expect(queueReduce({ state: 'joining', turnTime: null }, { kind: 'account-required' })).toEqual({
      state: 'idle', error: 'account-required',
    });
    expect(queueReduce({ state: 'queued', turnTime: 60, since: 1 }, { kind: 'disconnect' })).toEqual({
      state: 'idle', error: 'offline',
    });
    expect(queueReduce({ state: 'idle', error: 'offline' }, { kind: 'join', turnTime: null }).state).toBe('joining');
  });

  it('formats elapsed time and provisional ratings', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(-5)).toBe('0:00');
    expect(formatRating(1500.4, true)).toBe('1500?');
    expect(formatRating(1712.6, false)).toBe('1713');
  });
});

describe('RankedQueue widget with net', () => {
  let sent: OutMessage[] = [];
  beforeEach(() => {
    sent = [];
    setTransport((m) => sent.push(m));
    net.ranked = IDLE;
    net.status = 'online';
    net.user = { id: 'u1', username: 'ana' };
  });
  afterEach(() => {
    setTransport(null);
    vi.useRealTimers();
  });

  it('a guest is told an account is needed and offered the login', () => {
    net.user = null;
    const { container } = render(RankedQueue);
    expect(container.querySelector('[data-need-account]')!.textContent).toContain('Ranked play needs an account.');
    expect(container.querySelector('[data-need-account] a')!.getAttribute('href')).toBe('#/account');
    expect((container.querySelector('[data-action="ranked-join"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('joins with the chosen time, shows the search with elapsed time, leaves', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(100_000);
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('input[value="60"]')!);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    expect(sent).toEqual([{ type: 'ranked.join', turnTime: 60 }]);
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('joining');

    receive({ type: 'ranked', queue: { turnTime: 60, since: 100_000 } });
    await vi.advanceTimersByTimeAsync(65_000);
    const status = container.querySelector('.status')!.textContent!;
    expect(status).toContain('Searching for an opponent… (1:05)');
    expect(status).toContain('60 s per move');

    await fireEvent.click(container.querySelector('[data-action="ranked-leave"]')!);
    expect(sent[1]).toEqual({ type: 'ranked.leave' });
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('leaving');
    receive({ type: 'ranked', queue: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('idle');
  });

  it('a match opens the game\'s room', async () => {
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    expect(sent).toEqual([{ type: 'ranked.join', turnTime: null }]);
    receive({ type: 'ranked', queue: { turnTime: null, since: Date.now() } });
    receive(match);
    expect(net.ranked.state).toBe('matched');
    await vi.waitFor(() => expect(router.route).toEqual({ name: 'room', code: 'K7QMPX' }));
    await vi.waitFor(() => expect(container.querySelector('a.btn')!.getAttribute('href')).toBe('#/room/K7QMPX'));
  });

  it('the server\'s account-required error is shown by the widget, not as a banner', async () => {
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    net.error = null;
    receive({ type: 'error', code: 'account-required' as 'internal', message: 'Log in to play ranked games.' });
    expect(net.ranked).toEqual({ state: 'idle', error: 'account-required' });
    expect(net.error).toBeNull();
    await vi.waitFor(() => expect(container.querySelector('[data-need-account]')).not.toBeNull());
  });

  it('another error answering a join (ranked not available) returns to idle with a message', async () => {
    const { container } = render(RankedQueue);
    await fireEvent.click(container.querySelector('[data-action="ranked-join"]')!);
    receive({ type: 'error', code: 'malformed', message: 'Malformed message.' });
    expect(net.ranked).toEqual({ state: 'idle', error: 'refused' });
    await vi.waitFor(() => expect(container.querySelector('[data-refused]')).not.toBeNull());
    // errors about moves (with an ack) or while idle leave the queue state alone
    net.ranked = { state: 'queued', turnTime: null, since: 1 };
    receive({ type: 'error', code: 'not-your-turn', message: 'no', ack: 'x.1' });
    expect(net.ranked.state).toBe('queued');
  });

  it('a disconnect while queued says you left the queue', async () => {
    net.ranked = { state: 'queued', turnTime: 30, since: Date.now() };
    const { container } = render(RankedQueue);
    expect(container.querySelector('[data-queue]')!.getAttribute('data-queue')).toBe('queued');
    net.ranked = queueReduce(net.ranked, { kind: 'disconnect' });
    await vi.waitFor(() => expect(container.textContent).toContain('Disconnected: you are no longer in the queue.'));
  });
});
