import { OFFERS_AFTER_MOVE, opposite, type Color, type ErrorCode } from '@chu/protocol';

/** What a player offers and the other answers: a draw, a takeback, an adjournment, a resumption (RULES.md §7). */
export type OfferKind = 'draw' | 'takeback' | 'adjourn' | 'resume';
export type OfferAction = 'offer' | 'accept' | 'decline';

/** What `color`'s action comes to, given who has the offer open. */
export type Verdict = 'offer' | 'repeat' | 'accept' | 'decline' | 'none';

/**
 * The one offer rule: an offer opens (a repeat of one's own changes nothing, and an offer to the
 * opponent's open offer accepts it); only the opponent's open offer can be accepted or declined
 * ('none': there is nothing to answer).
 */
export function verdict(open: Color | null, color: Color, action: OfferAction): Verdict {
  const other = opposite(color);
  if (action === 'offer') return open === color ? 'repeat' : open === other ? 'accept' : 'offer';
  return open === other ? action : 'none';
}

/** The refusal for answering an offer nobody made, by kind (the words clients know). */
export const NO_OFFER: Record<OfferKind, { code: ErrorCode; message: string }> = {
  draw: { code: 'no-draw-offer', message: 'There is no draw offer to answer.' },
  takeback: { code: 'no-takeback-offer', message: 'There is no takeback request to answer.' },
  adjourn: { code: 'no-adjourn-offer', message: 'There is no offer to adjourn to answer.' },
  resume: { code: 'no-resume-offer', message: 'There is no offer to resume to answer.' },
};

/** A game's open offers: who made each, or null. */
export class Offers {
  readonly by: Record<OfferKind, Color | null> = { draw: null, takeback: null, adjourn: null, resume: null };

  /** A move (or a takeback) lapses every offer asked of the position that is gone (the protocol's OFFERS_AFTER_MOVE). */
  lapse(): void {
    this.by.draw = OFFERS_AFTER_MOVE.drawOfferBy;
    this.by.takeback = OFFERS_AFTER_MOVE.takebackOfferBy;
    this.by.adjourn = OFFERS_AFTER_MOVE.adjournOfferBy;
  }

  withdraw(...kinds: OfferKind[]): void {
    for (const k of kinds) this.by[k] = null;
  }
}
