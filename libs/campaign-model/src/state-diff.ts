import type { StateChange, StatePath } from './changes';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const hasOwn = (node: object, key: string) => Object.prototype.hasOwnProperty.call(node, key);

/** Structural equality of two JSON values (key order ignored, as the state's meaning ignores it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => hasOwn(b, key) && sameJson(a[key], b[key]));
}

/**
 * The changes that turn `from` into `to`, path by path: a `remove` for each
 * record entry `to` lacks, a `set` (with no `from`) for each it adds, and a
 * `set` with both values for each value that differs; records are compared
 * entry by entry, lists and numbers replaced whole. Its size follows the
 * difference between the two states, never the number of changes that lie
 * between them, so a revert over a long history stays one small change.
 */
export function diffStates(from: unknown, to: unknown, path: StatePath = []): StateChange[] {
  if (sameJson(from, to)) return [];
  if (!isRecord(from) || !isRecord(to)) {
    return [{ op: 'set', path, from, to }];
  }
  const changes: StateChange[] = [];
  for (const key of Object.keys(from)) {
    if (!hasOwn(to, key)) changes.push({ op: 'remove', path: [...path, key], from: from[key] });
  }
  for (const key of Object.keys(to)) {
    if (!hasOwn(from, key)) changes.push({ op: 'set', path: [...path, key], to: to[key] });
    else changes.push(...diffStates(from[key], to[key], [...path, key]));
  }
  return changes;
}
