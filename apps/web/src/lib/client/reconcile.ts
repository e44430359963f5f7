// A pure reducer returns new objects; the screens hold parts of the old state (a component's `game`
// prop). Writing the new state into the old one field by field keeps those parts live: only what
// changed is written, so only what shows it is redrawn.

type Tree = Record<string | number, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null;

/** Makes `target` (a $state proxy) equal to `next`, writing only the fields that differ. */
export function reconcile(target: Tree, next: Tree): void {
  if (Array.isArray(target) && Array.isArray(next)) {
    if (target.length > next.length) target.length = next.length;
    next.forEach((v, i) => write(target, i, v));
    return;
  }
  for (const key of Object.keys(target)) if (!(key in next)) delete target[key];
  for (const key of Object.keys(next)) write(target, key, next[key]);
}

function write(target: Tree, key: string | number, value: unknown): void {
  const old = target[key];
  if (old === value) return;
  if (isTree(old) && isTree(value) && Array.isArray(old) === Array.isArray(value)) reconcile(old, value);
  else target[key] = value;
}
