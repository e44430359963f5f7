// The movement diagram of a piece, as inspection shows it: after the pointer has rested on a piece
// (hover intent), after a long press (touch screens have no hover), or on the keyboard's `i`.
import type { Square } from '../squares';
import type { Dragging } from './drag.svelte';
import type { Piece } from './types';

/** A finger held this long on a piece shows its diagram. */
export const LONG_PRESS_MS = 550;
/** A pointer resting this long on a piece shows its diagram. */
export const HOVER_MS = 700;

export interface Inspected { square: Square; code: string; color: Piece['color'] }

export class Inspection {
  shown = $state<Inspected | null>(null);
  #press: ReturnType<typeof setTimeout> | undefined;
  #hover: ReturnType<typeof setTimeout> | undefined;
  // Hover intent: the diagram opens after the pointer has really moved onto a piece and rested there.
  // A board drawn under a still pointer gets enter events (and may get a synthetic move) without
  // any movement, so the first reading only records where the pointer is.
  #lastPointer: { x: number; y: number } | null = null;
  #hovered: Square | null = null;
  #armed: Square | null = null; // the square whose timer runs

  /**
   * @param dragging a drag under way hides the diagram, and a long press swallows its click
   * @param pieceOn what stands on a square when a timer fires
   * @param asking whether the promotion question is open: no diagram comes up over it
   */
  readonly #dragging: Dragging;
  readonly #pieceOn: (sq: Square) => Piece | undefined;
  readonly #asking: () => boolean;
  constructor(dragging: Dragging, pieceOn: (sq: Square) => Piece | undefined, asking: () => boolean) {
    this.#dragging = dragging;
    this.#pieceOn = pieceOn;
    this.#asking = asking;
  }

  close(): void {
    this.shown = null;
  }

  /** The keyboard's `i`: the diagram of the piece under the cursor, or closed again. */
  toggle(sq: Square): void {
    const p = this.#pieceOn(sq);
    this.shown = p && this.shown?.square !== sq ? { square: sq, code: p.code, color: p.color } : null;
  }

  /** A press on `sq`: held long enough (and not dragged), it shows the piece's diagram. */
  press(sq: Square): void {
    clearTimeout(this.#press);
    const p = this.#pieceOn(sq);
    if (!p) return;
    this.#press = setTimeout(() => {
      if (this.#dragging.active) return;
      this.shown = { square: sq, code: p.code, color: p.color };
      this.#dragging.swallowNextClick();
    }, LONG_PRESS_MS);
  }

  /** The press ended or became a drag. */
  unpress(): void {
    clearTimeout(this.#press);
  }

  /** The pointer (not a finger) over the board, on `sq` or between squares. */
  hover(x: number, y: number, sq: Square | null): void {
    const moved = this.#lastPointer !== null && (this.#lastPointer.x !== x || this.#lastPointer.y !== y);
    this.#lastPointer = { x, y };
    if (sq !== this.#hovered) {
      this.#hovered = sq;
      this.#unhover();
    }
    if (!moved || !sq || this.#armed === sq || this.#dragging.drag || this.#asking()) return;
    this.#armed = sq;
    this.#hover = setTimeout(() => {
      const p = this.#pieceOn(sq);
      if (p && this.#hovered === sq && !this.#dragging.active && !this.#asking()) this.shown = { square: sq, code: p.code, color: p.color };
    }, HOVER_MS);
  }

  /** The pointer left the board. */
  leave(): void {
    this.#hovered = null;
    this.#lastPointer = null;
    this.#unhover();
  }

  /** Hover intent ends (a click, a new position under a resting pointer): no diagram comes up by itself. */
  unarm(): void {
    clearTimeout(this.#hover);
    this.#armed = null;
  }

  /** The pointer went to another square: a hovered diagram closes (one a long press showed stays). */
  #unhover(): void {
    this.unarm();
    if (this.shown && !this.#dragging.swallowing) this.shown = null;
  }

  dispose(): void {
    clearTimeout(this.#press);
    clearTimeout(this.#hover);
  }
}
