// Dragging a piece: a press becomes a drag once the pointer has really moved, and the drag's end acts
// where it lands. The click the browser sends after a drag (or after a long press that showed a
// diagram) was already handled: it is swallowed once.
import type { Square } from '../squares';

/** How far the pointer moves before a press is a drag: a shaky tap stays a click. */
export const DRAG_FROM_PX = 6;

/** A press that may become a drag: where it started (`sx`, `sy`) and where the pointer is. */
export interface Drag { from: Square; x: number; y: number; sx: number; sy: number; active: boolean }

export class Dragging {
  drag = $state<Drag | null>(null);
  #swallow = false;

  /** A drag under way (past the first few pixels). */
  get active(): boolean {
    return !!this.drag?.active;
  }

  /** Whether the next click is one already handled. */
  get swallowing(): boolean {
    return this.#swallow;
  }

  /** A new press: the click that follows it is its own. */
  pressed(): void {
    this.#swallow = false;
  }

  /** The press on `from`, at the pointer's x, y, may be dragged. */
  start(from: Square, x: number, y: number): void {
    this.drag = { from, x, y, sx: x, sy: y, active: false };
  }

  /** The pointer moved: true when this move is the one that made the press a drag. */
  move(x: number, y: number): boolean {
    const d = this.drag;
    if (!d) return false;
    d.x = x;
    d.y = y;
    if (d.active || Math.hypot(x - d.sx, y - d.sy) <= DRAG_FROM_PX) return false;
    d.active = true;
    return true;
  }

  /** The pointer let go: the drag that was under way (its click is then swallowed), or null for a plain press. */
  release(): Drag | null {
    const d = this.drag;
    this.drag = null;
    if (!d?.active) return null;
    this.#swallow = true;
    return d;
  }

  /** The browser took the pointer (a zoomed board panning under the finger): no drag goes on. */
  cancel(): void {
    this.drag = null;
  }

  /** The next click was handled already (a long press showed a diagram). */
  swallowNextClick(): void {
    this.#swallow = true;
  }

  /** Whether this click was handled already: true once, for the click after a drag or long press. */
  swallowed(): boolean {
    const was = this.#swallow;
    this.#swallow = false;
    return was;
  }
}
