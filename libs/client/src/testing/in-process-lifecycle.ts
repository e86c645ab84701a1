import { applyChanges, StateChange } from '@scriptbook/campaign-model';

/**
 * The in-process server's model of a campaign's life beside play, written
 * from docs/campaign-lifecycle.md and docs/sync.md (Time travel, Revert):
 * lifecycle changes are recorded versions with an empty delta and no
 * client or seq; an archived campaign refuses pushes, undo, rename and
 * transfer (`CONFLICT`, `campaign-archived`); a deleted one is `NOT_FOUND`
 * to all but restore; a revert is one ordinary change whose delta takes the
 * state back to the version's (`planRevert` of the library plans it).
 */

export interface LifecycleChange {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

type Wire = { op: string; path: readonly string[]; by: number | null; from: unknown; to: unknown };

/** The state at `version`: the state at 0 with the logged deltas up to it applied, as the server replays forwards. */
export function stateAt(initial: unknown, log: readonly { version: number; delta: readonly Wire[] }[], version: number): unknown {
  let state = structuredClone(initial);
  for (const change of log) {
    if (change.version > version) break;
    state = applyChanges(state, fromWireDelta(change.delta));
  }
  return state;
}

export function fromWireDelta(delta: readonly Wire[]): StateChange[] {
  return delta.map((d): StateChange => (d.op === 'add' ? { op: 'add', path: d.path, by: d.by! } : d.op === 'remove' ? { op: 'remove', path: d.path, from: d.from } : { op: 'set', path: d.path, from: d.from ?? undefined, to: d.to }));
}
