import type { Game } from '@chu/rules';
import { abortDenial, adjournDenial, GIVEN_TIME_SECONDS, giveTimeDenial, opposite, takebackDenial, takebackPlies, type Color } from '@chu/protocol';
import type { TurnClock } from '../cpu/CpuDesk.ts';
import type { SealedMove } from './Adjournment.ts';
import { restoreGame } from './GameLedger.ts';
import { GameState, type AckedMove } from './GameState.ts';
import { NO_OFFER, verdict, type OfferAction, type OfferKind } from './Offers.ts';
import { CPU, denied, now, illegal, isRefusal, over, refuse, refused, type Mover, type NewEvent, type Refusal, type Step } from './steps.ts';

// What Room and Gateway import from here (the session's surface), wherever it is defined.
export type { Done, Refusal, Reply, Step } from './steps.ts';
export type { AckedMove, SessionDeps, SessionInit } from './GameState.ts';
export { restoreGame };

/** A CPU move to compute: the side, its level, the position, and the time it must be back by. */
export interface CpuTurn {
  color: Color;
  level: number;
  ply: number;
  positionVersion: number; // the version the position was reached at: a takeback and a new move make another
  standIn: boolean;        // the CPU plays for an absent person, not in a CPU seat
  game: Game;
  clock: TurnClock | null; // the seat's clock; null = untimed, or correspondence (days: the CPU answers as untimed)
}

export const TAKEOVER_LEVEL = 4; // how the CPU plays while standing in for an absent person


/**
 * The authority over one game: decides what a command does and returns it as a `Step`; its ledger
 * (GameLedger) writes every effect before anything is told. It owns the game's version, the turn clock,
 * the open offers and the seats' absence state; it keeps no timers and tells nobody: the room runs it
 * on its queue and says when the next thing is due. The site's rules are @chu/protocol's policy.
 */
export class GameSession extends GameState {
  // ---- commands from players -------------------------------------------------------------------

  // Checks in order: in play → seated → (retry?) → to move → clock → legal → version current.
  // lagMs: the transport lag measured on the sender's connection, credited back within the quota.
  async move(deviceId: string, usi: string, version: number, ack: string, lagMs = 0): Promise<Step> {
    const color = this.seated(deviceId, 'live');
    if (isRefusal(color)) return refused(color);
    const seen = this.acks.get(`${deviceId}:${ack}`);
    if (seen) {
      // a retry is acknowledged again, not played twice; the id on another move would be taken for that one
      if (this.sameMove(seen, usi)) return { reply: { ok: true, version: seen.version }, events: [] };
      return refused(refuse('ack-reused', `Ack id ${ack} was already used for the move ${seen.usi} of this game; nothing was played. Send ${usi} with a new ack id.`));
    }
    if (this.state === 'adjourned') return refused(this.adjournedRefusal());
    if (this.game.turn !== color) return refused(refuse('not-your-turn', 'It is not your turn.'));
    if (this.adjournment.sealing) return refused(refuse('must-seal', 'The adjournment is agreed: seal your move instead of playing it.'));
    const checked = await this.checkMove(color, usi, version);
    return 'step' in checked ? checked.step : this.commit(checked.usi, { byCpu: false, deviceId, ack, lagMs });
  }

  /**
   * What a person's move and a seal both go through once it is that person's turn: a CPU standing in,
   * the clock, the rules, the version. The move in its canonical form, or the step that refused it.
   */
  private async checkMove(color: Color, usi: string, version: number): Promise<{ usi: string } | { step: Step }> {
    if (this.absence.controller(color) === 'cpu') return { step: refused(refuse('not-your-turn', 'The CPU is playing this seat.')) };
    if (this.clock?.expired(now())) {
      const opening = this.clock.opening;
      const step = await this.tick(); // the server's clock decides, even if the timer has not fired yet
      return { step: { ...step, reply: over(opening ? 'The first move did not come in time: the game is aborted.' : 'Your time for this move ran out.') } };
    }
    const legal = this.game.check(usi);
    if (!legal.ok) return { step: refused(illegal(usi, legal.error)) };
    if (version < this.positionVersion || version > this.version) {
      return { step: refused(refuse('stale-version', `Your game is at version ${version}, the server at ${this.version}; resyncing.`, { resync: true })) };
    }
    return { usi: legal.value };
  }

  /** GIVEN_TIME_SECONDS more on the opponent's main time, where the site allows it; stored with the last move's clocks, so a restart keeps the gift. */
  async giveTime(deviceId: string): Promise<Step> {
    const color = this.seated(deviceId, 'active');
    if (isRefusal(color)) return refused(color);
    const denial = giveTimeDenial(this.facts);
    if (denial) return denied(denial);
    const clock = this.clock!; // allowed only on a clock
    const ms = GIVEN_TIME_SECONDS * this.deps.msPerSecond;
    const next = clock.given(opposite(color), ms);
    const version = this.version + 1;
    await this.ledger.giveTime(next, version);
    clock.amend(next);
    this.version = version;
    const e = this.remember({ kind: 'time-given', gameId: this.id, version, by: color, ms, clock: clock.view(Date.now()) });
    return { reply: { ok: true, version }, events: [e] };
  }

  async resign(deviceId: string): Promise<Step> {
    const color = this.seated(deviceId, 'live');
    return isRefusal(color) ? refused(color) : this.end((g) => g.resign(color));
  }

  async abort(deviceId: string): Promise<Step> {
    const color = this.seated(deviceId, 'live');
    if (isRefusal(color)) return refused(color);
    const denial = abortDenial(this.facts);
    return denial ? denied(denial) : this.end((g) => g.abort());
  }

  async draw(deviceId: string, action: OfferAction): Promise<Step> {
    const color = this.seated(deviceId, 'active');
    return isRefusal(color) ? refused(color) : this.offer('draw', color, action, () => this.end((g) => g.agreeDraw()));
  }

  /**
   * Casual games: a player asks to take back their last move — two plies when the opponent has
   * replied since, so the asker is to move again (the protocol's takebackPlies). The other player
   * accepts or declines; a CPU seat accepts at once when the room allows takebacks against it.
   */
  async takeback(deviceId: string, action: OfferAction): Promise<Step> {
    const color = this.seated(deviceId, 'active');
    if (isRefusal(color)) return refused(color);
    const denial = takebackDenial(this.facts, color);
    if (denial) return denied(denial);
    if (action === 'offer') {
      if (takebackPlies(this.facts, color) === 0) return refused(refuse('no-takebacks', 'You have no move to take back.'));
      if (this.seats[opposite(color)].kind === 'cpu') return this.takeBack(color);
    }
    return this.offer('takeback', color, action, () => this.takeBack(opposite(color)));
  }

  /**
   * The one offer mechanism (draw, takeback, adjournment, resumption; Offers' `verdict`): an offer is
   * stored and told, a decline too; an accepted offer is `accept`'s to carry out. `ready`: what must
   * hold before an offer or an acceptance (a declined offer needs nothing).
   */
  private async offer(kind: OfferKind, color: Color, action: OfferAction, accept: () => Promise<Step>, ready?: () => Refusal | null): Promise<Step> {
    const v = verdict(this.offers.by[kind], color, action);
    if (v === 'none') return refused(refuse(NO_OFFER[kind].code, NO_OFFER[kind].message));
    const unready = v === 'decline' ? null : ready?.();
    if (unready) return refused(unready);
    if (v === 'repeat') return this.nothing();
    if (v === 'accept') return accept();
    const step = await this.record([{ kind: `${kind}-${v}`, by: color } as NewEvent]);
    this.offers.by[kind] = v === 'offer' ? color : null;
    return step;
  }

  // ---- adjournment by agreement (RULES.md §7) -------------------------------------------------------

  /**
   * Where the site allows it (the protocol's adjournDenial) a player offers to adjourn; the other accepts
   * or declines (an offer lapses with the next move). On acceptance the side to move is the sealer: its
   * next move is sealed rather than played, and its clock runs until then.
   */
  async adjourn(deviceId: string, action: OfferAction): Promise<Step> {
    const color = this.seated(deviceId, 'live');
    if (isRefusal(color)) return refused(color);
    if (this.state === 'adjourned') return refused(this.adjournedRefusal());
    const denial = adjournDenial(this.facts);
    if (denial) return denied(denial);
    return this.offer('adjourn', color, action, async () => {
      const sealer = this.game.turn;
      const step = await this.record([{ kind: 'adjourn-accept', by: color, sealer }], undefined, (version) => this.ledger.agreeToAdjourn(sealer, version));
      this.offers.withdraw('adjourn');
      this.adjournment.sealer = sealer;
      return step;
    });
  }

  /**
   * The sealer's move, checked like any move (seat, turn, clock, rules, version) and stored apart from
   * the game: it is never told to anyone, its own player included, until the game resumes.
   */
  async seal(deviceId: string, usi: string, version: number, ack: string, lagMs = 0): Promise<Step> {
    const color = this.seated(deviceId, 'live');
    if (isRefusal(color)) return refused(color);
    const sealed = this.adjournment.sealed;
    if (sealed) {
      // a retry of the seal is acknowledged again; its move is not compared, so nothing about it is said
      if (sealed.deviceId === deviceId && sealed.ack === ack) return { reply: { ok: true, version: sealed.version }, events: [] };
      return refused(refuse('no-seal', 'The move is already sealed.'));
    }
    if (this.state === 'adjourned') return refused(this.adjournedRefusal());
    if (!this.adjournment.sealing) return refused(refuse('no-seal', 'No adjournment was agreed: there is no move to seal.'));
    if (this.adjournment.sealer !== color) return refused(refuse('not-your-turn', 'Only the player to move seals a move.'));
    const checked = await this.checkMove(color, usi, version);
    return 'step' in checked ? checked.step : this.sealMove(checked.usi, { byCpu: false, deviceId, ack, lagMs });
  }

  /** Seals a move (a person's was checked; a CPU's is checked here): its clock is read as a move's, it is stored, and the game adjourns with no clock running. */
  private async sealMove(usi: string, by: Mover): Promise<Step> {
    const color = this.game.turn;
    const legal = this.game.check(usi);
    if (!legal.ok) return refused(illegal(usi, legal.error));
    const measured = this.measure(now(), by);
    if (measured === 'flag') return this.flagged(color);
    const sealed: SealedMove = {
      ply: this.game.ply, usi: legal.value, timeMs: measured.timeMs, lagMs: measured.creditMs, clock: measured.clockAfter,
      byCpu: by.byCpu, deviceId: by.deviceId, ack: by.ack, version: this.version + 1,
    };
    await this.ledger.seal(sealed);
    this.version = sealed.version;
    this.state = 'adjourned';
    this.adjournment.sealed = sealed;
    this.clock?.stop();
    this.offers.withdraw('draw', 'takeback');
    this.deps.log.info({ game: this.id, ply: sealed.ply }, 'move sealed: game adjourned by agreement');
    const e = this.remember({ kind: 'adjourn', gameId: this.id, version: sealed.version, why: 'agreement', clock: this.clockView() });
    return { reply: { ok: true, version: sealed.version }, events: [e] };
  }

  /**
   * An adjourned-by-agreement game resumes when both players are present and agree: one offers, the
   * other accepts. The sealed move is played first (its event goes out then), and the clock runs for
   * the side that answers it.
   */
  async resume(deviceId: string, action: OfferAction): Promise<Step> {
    const color = this.seated(deviceId, 'live');
    if (isRefusal(color)) return refused(color);
    if (this.adjournedWhy !== 'agreement') return refused(refuse('no-resume-offer', 'The game is not adjourned by agreement.'));
    const away = () => this.absence.isHere(opposite(color)) ? null : refuse('opponent-away', 'Both players must be present to resume the game.');
    return this.offer('resume', color, action, () => this.playSealed(), away);
  }

  /** Both agreed: the game is in play again and the sealed move is played, stored in one transaction. */
  private async playSealed(): Promise<Step> {
    const sealed = this.adjournment.sealed!;
    const color = this.game.turn;
    const resumeVersion = this.version + 1;
    const moveVersion = resumeVersion + 1;
    const t = now();
    const wall = Date.now();
    const by: Mover = { byCpu: sealed.byCpu, deviceId: sealed.deviceId, ack: sealed.ack, lagMs: sealed.lagMs };
    const entered = await this.ledger.play({ usi: sealed.usi, by, timeMs: sealed.timeMs, clock: sealed.clock, creditMs: sealed.lagMs, at: new Date(wall) }, moveVersion, true);
    if (!entered.ok) throw new Error(`the sealed move ${sealed.usi} no longer plays: ${entered.error}`);
    // Committed: the game is in play, stopped clocks first, then the sealed move runs the other side's.
    const resumed = this.remember({ kind: 'resume', gameId: this.id, version: resumeVersion, turnRemainingMs: null, clock: this.clockView() });
    this.state = 'active';
    this.version = entered.value.finalVersion;
    this.positionVersion = moveVersion;
    this.adjournment.clear();
    this.offers.withdraw('adjourn', 'resume');
    const events = this.played(entered.value, color, by, { ...entered.value, clockAfter: sealed.clock, creditMs: sealed.lagMs, t, wall, moveVersion });
    return { reply: { ok: true, version: entered.value.finalVersion }, events: [resumed, ...events] };
  }


  /**
   * Whether `usi` is the move an ack id was used for. The move was stored in its canonical form: a
   * retry written another way is read in the position it was played in, while that move still stands.
   */
  private sameMove(acked: AckedMove, usi: string): boolean {
    if (acked.usi === usi) return true;
    if (this.game.moves[acked.ply] !== acked.usi) return false;
    const then = restoreGame(this.game.startSfen, this.game.moves.slice(0, acked.ply), this.options).check(usi);
    return then.ok && then.value === acked.usi;
  }

  private async takeBack(asker: Color): Promise<Step> {
    const plies = takebackPlies(this.facts, asker);
    if (plies === 0) return refused(refuse('no-takebacks', 'There is no move to take back.'));
    const version = this.version + 1;
    await this.ledger.takeBack(plies, version);
    this.version = version;
    this.positionVersion = version;
    this.offers.lapse();
    const t = now();
    this.clock?.truncate(this.game.ply);
    this.clock?.startTurn(this.game.turn, t, Date.now());
    const e = this.remember({
      kind: 'takeback', gameId: this.id, version, plies, ply: this.game.ply, turn: this.game.turn, turnRemainingMs: this.remainingMs(t), clock: this.clockView(),
    });
    return { reply: { ok: true, version }, events: [e] };
  }

  // ---- the seats' presence (RULES.md §8) -------------------------------------------------------

  /** A seated person's device is back: they play again at once; an adjourned game resumes. */
  async arrive(color: Color): Promise<Step> {
    if (!this.live || !this.absence.arrive(color)) return this.nothing();
    const events: NewEvent[] = [this.seatEvent(color)];
    // adjourned by agreement, it waits for both players to agree to resume (RULES.md §7)
    if (this.adjournedWhy !== 'absence') return this.record(events);
    this.state = 'active';
    const t = now();
    this.clock?.startTurn(this.game.turn, t, Date.now()); // the stored time: nobody could play while it was adjourned
    events.push({ kind: 'resume', turnRemainingMs: this.remainingMs(t), clock: this.clockView() });
    return this.record(events, 'active');
  }

  /** A seated person's last connection closed: away, with the grace period running. */
  async leave(color: Color): Promise<Step> {
    if (!this.live || !this.absence.leave(color, now())) return this.nothing();
    return this.record([this.seatEvent(color)]);
  }

  // ---- time ------------------------------------------------------------------------------------

  /** When the room should call `tick` next (performance.now() ms), or null: nothing is waiting on time. */
  nextWakeAt(): number | null {
    if (this.state !== 'active') return null;
    const times = this.dues().map((d) => d.at);
    const flag = this.clock?.flagAt() ?? null;
    if (flag !== null) times.push(flag);
    return times.length ? Math.min(...times) : null;
  }

  /** Whatever is due now: an away seat goes to the CPU, or the game adjourns; a turn runs out. */
  async tick(): Promise<Step> {
    if (this.state !== 'active') return this.nothing();
    const t = now();
    const events: NewEvent[] = [];
    let adjourn = false;
    for (const d of this.dues()) {
      if (d.at > t) continue;
      if (d.then === 'adjourn') { adjourn = true; break; }
      this.absence.takeOver(d.color);
      events.push(this.seatEvent(d.color));
    }
    if (adjourn) {
      this.state = 'adjourned';
      this.clock?.stop();
      this.offers.withdraw('draw', 'adjourn');
      this.deps.log.info({ game: this.id }, 'nobody seated is present: game adjourned');
      return this.record([...events, { kind: 'adjourn', why: 'absence', clock: this.clockView() }], 'adjourned');
    }
    // lishogi's start rule (RULES.md §7): a person's first move that does not come in time aborts the game,
    // rated or not; a CPU seat's late first move is played, as below (a cold engine must not abort a game)
    const cpuToMove = this.absence.controller(this.game.turn) === 'cpu';
    if (this.clock?.opening && this.clock.expired(t) && !cpuToMove) return this.end((g) => g.abort());
    if (this.clock?.expired(t)) {
      const side = this.game.turn;
      const stored = events.length ? await this.record(events) : this.nothing();
      // The CPU never forfeits on time: if its search is late, the rules' first legal move is played.
      const late = cpuToMove ? this.game.legalMoves()[0] : undefined;
      const ended = late ? await this.commit(late, CPU) : await this.end((g) => g.timeout(side));
      return { ...ended, events: [...stored.events, ...ended.events] };
    }
    return events.length ? this.record(events) : this.nothing();
  }

  // ---- the CPU ---------------------------------------------------------------------------------

  /** The CPU's move to think about now, if it is to move. */
  cpuTurn(): CpuTurn | null {
    if (this.state !== 'active') return null;
    const color = this.game.turn;
    if (this.absence.controller(color) !== 'cpu') return null;
    const seat = this.seats[color];
    return {
      color, level: seat.kind === 'cpu' ? seat.level : TAKEOVER_LEVEL, ply: this.game.ply, positionVersion: this.positionVersion,
      standIn: seat.kind !== 'cpu', game: this.game.clone(),
      clock: this.clock && !this.clock.correspondence ? this.clock.turnClock() : null,
    };
  }

  /**
   * The CPU's answer for `turn`; dropped if the game moved on meanwhile (a return, an end, an adjournment,
   * a takeback: the same ply reached again is another position version).
   */
  async cpuMove(turn: CpuTurn, usi: string): Promise<Step> {
    const samePosition = this.game.ply === turn.ply && this.positionVersion === turn.positionVersion;
    if (this.state !== 'active' || !samePosition || this.absence.controller(turn.color) !== 'cpu') return this.nothing();
    return this.commit(usi, CPU);
  }

  // ---- moves, written by the ledger --------------------------------------------------------------

  private async commit(usi: string, by: Mover): Promise<Step> {
    // agreed to adjourn: the sealer's move, whoever plays it (the CPU standing in too), is sealed
    if (this.adjournment.sealing) return this.sealMove(usi, by);
    const color = this.game.turn;
    const t = now();
    const wall = Date.now();
    const measured = this.measure(t, by);
    if (measured === 'flag') return this.flagged(color);
    const { clockAfter, timeMs, creditMs } = measured;
    const moveVersion = this.version + 1;
    const entered = await this.ledger.play({ usi, by, timeMs, clock: clockAfter, creditMs, at: new Date(wall) }, moveVersion);
    if (!entered.ok) return refused(illegal(usi, entered.error));
    // Committed: from here on the move exists.
    this.version = entered.value.finalVersion;
    this.positionVersion = moveVersion;
    this.offers.lapse();
    return { reply: { ok: true, version: moveVersion }, events: this.played(entered.value, color, by, { ...entered.value, clockAfter, creditMs, t, wall, moveVersion }) };
  }

}
