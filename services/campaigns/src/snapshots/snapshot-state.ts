import { StateChange, applyChanges, inverseOf } from '@scriptbook/campaign-model';

export interface LoggedDelta {
  readonly version: number;
  readonly delta: readonly StateChange[];
}

/**
 * The state at `version`, from the current state and the logged changes
 * after `version`: each is taken back, newest first. Work grows with the
 * changes since `version` (a snapshot is due as soon as it is reached, so
 * few), never with the campaign's whole history.
 */
export function stateAt(current: unknown, changesAfter: readonly LoggedDelta[]): unknown {
  return [...changesAfter].sort((a, b) => b.version - a.version).reduce((state, change) => applyChanges(state, inverseOf(change.delta)), current);
}

/** The state at a later version, from an earlier snapshot and the changes between. */
export function stateFrom(snapshot: unknown, changesBetween: readonly LoggedDelta[]): unknown {
  return [...changesBetween].sort((a, b) => a.version - b.version).reduce((state, change) => applyChanges(state, change.delta), snapshot);
}

/**
 * Whether two states a snapshot's two paths through the log reach are the
 * same campaign state. Keys may come in any order (Postgres keeps a JSON
 * object's keys in its own order, a replay in the order changes made
 * them), and a count is the same whether it is absent or 0: taking an
 * `add` back leaves 0 where rolling forward never made the key.
 */
export function statesAgree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => statesAgree(item, b[index]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = a[key];
    const right = b[key];
    if (left === undefined) {
      if (right !== 0) return false;
    } else if (right === undefined) {
      if (left !== 0) return false;
    } else if (!statesAgree(left, right)) return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
