import { applyChanges, inverseOf, StateChange } from '../state/changes';

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
