/**
 * What one applied action changed, path by path. Actions record intent as
 * these small changes rather than a new whole state, so two devices' edits to
 * different parts of a campaign both survive, and an undo can be computed.
 */
export type StatePath = readonly string[];

/**
 * `add` moves a number; `set` replaces a value (`from` absent when the entry
 * did not exist); `remove` deletes a record entry. Removal is its own op
 * because null is a value the state holds (no scenario in play).
 */
export type StateChange =
  | { readonly op: 'add'; readonly path: StatePath; readonly by: number }
  | { readonly op: 'set'; readonly path: StatePath; readonly from?: unknown; readonly to: unknown }
  | { readonly op: 'remove'; readonly path: StatePath; readonly from: unknown };

type Json = Record<string, unknown>;

const hasOwn = (node: object, key: string) => Object.prototype.hasOwnProperty.call(node, key);

/**
 * The entry a record holds under `key`, never what every object inherits:
 * `storage["constructor"]` is undefined here, not Object's constructor. Every
 * read of a state map by a name a client chose goes through this.
 */
export function entryOf<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn(record, key) ? record[key] : undefined;
}

export function valueAt(state: unknown, path: StatePath): unknown {
  let node: unknown = state;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !hasOwn(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

const REMOVED = Symbol('removed');

/**
 * A copy of `state` with `value` at `path`; intermediate objects are copied,
 * never shared. Entries are defined, not assigned, so a key such as
 * `__proto__` would be an ordinary entry and could never replace a prototype.
 */
function setAt(state: unknown, path: StatePath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const node = (state !== null && typeof state === 'object' ? state : {}) as Json;
  const copy: Json = Array.isArray(node) ? ([...node] as unknown as Json) : { ...node };
  if (value === REMOVED && rest.length === 0) delete copy[head];
  else Object.defineProperty(copy, head, { value: setAt(hasOwn(node, head) ? node[head] : undefined, rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

export function applyChanges<S>(state: S, changes: readonly StateChange[]): S {
  let next: unknown = state;
  for (const change of changes) {
    if (change.op === 'add') next = setAt(next, change.path, (Number(valueAt(next, change.path)) || 0) + change.by);
    else if (change.op === 'set') next = setAt(next, change.path, change.to);
    else next = setAt(next, change.path, REMOVED);
  }
  return next as S;
}

/** The changes that take an action's changes back, last first. */
export function inverseOf(changes: readonly StateChange[]): StateChange[] {
  return [...changes].reverse().map((change): StateChange => {
    if (change.op === 'add') return { ...change, by: -change.by };
    if (change.op === 'remove') return { op: 'set', path: change.path, to: change.from };
    if (!('from' in change) || change.from === undefined) return { op: 'remove', path: change.path, from: change.to };
    return { op: 'set', path: change.path, from: change.to, to: change.from };
  });
}

/** Whether two paths name the same value or one contains the other. */
export function pathsOverlap(a: StatePath, b: StatePath): boolean {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

export function changesOverlap(a: readonly StateChange[], b: readonly StateChange[]): boolean {
  return a.some((x) => b.some((y) => pathsOverlap(x.path, y.path)));
}
