/**
 * mulberry32: a small seeded generator in [0, 1). Random playouts (tests, the match harness's
 * openings, the server's random mover) use it so that a seed gives the same games on every run.
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    let t = (s = (s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
