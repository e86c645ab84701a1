import { ConflictError } from '@scriptbook/platform';
import { z } from 'zod';
import { applyChanges, changesOverlap, inverseOf, StateChange } from '../state/changes';
import { OPEN_ENVELOPE_ACTION } from '../state/twom/twom-actions';

export interface LoggedChange {
  readonly version: number;
  /** The action's name, when known; some changes may not be taken back. */
  readonly name?: string;
  readonly delta: readonly StateChange[];
  readonly undoesVersion: number | null;
  readonly undoneByVersion: number | null;
}

/**
 * The compensating change for one logged change. Refused when it was already
 * undone, when it is itself an undo, or when a later change touched any value
 * it touched: that later change was made on top of it and depends on it.
 */
export function planUndo(stateSchema: z.ZodTypeAny, state: unknown, target: LoggedChange, later: readonly LoggedChange[]) {
  if (target.undoneByVersion !== null) {
    throw new ConflictError(`Version ${target.version} was already undone by version ${target.undoneByVersion}`, { field: 'actionVersion', rule: 'already-undone' });
  }
  if (target.name === OPEN_ENVELOPE_ACTION) {
    // Seed 000: once opened, an envelope's rewards join the game for good, and the group's other campaigns hold it too.
    throw new ConflictError(`Version ${target.version} opened a legacy envelope for the whole group; an opened envelope stays opened`, {
      field: 'actionVersion',
      rule: 'legacy',
    });
  }
  if (target.undoesVersion !== null) {
    throw new ConflictError(`Version ${target.version} is itself an undo`, { field: 'actionVersion', rule: 'is-undo' });
  }
  const dependents = later.filter((change) => changesOverlap(change.delta, target.delta)).map((change) => change.version);
  if (dependents.length > 0) {
    throw new ConflictError(`Later changes depend on version ${target.version}: ${dependents.join(', ')}. Undo them first, newest first.`, {
      field: 'actionVersion',
      rule: 'later-dependent',
    });
  }
  const delta = inverseOf(target.delta);
  const checked = stateSchema.safeParse(applyChanges(state, delta));
  if (!checked.success) {
    throw new ConflictError(`Undoing version ${target.version} would break a rule: ${checked.error.issues[0].message}`, { field: 'actionVersion', rule: 'state-rule' });
  }
  return { state: checked.data as unknown, delta };
}
