import { ActionRejection } from './action-rejection';
import { CampaignModel } from './campaign-model';
import { applyChanges, changesOverlap, inverseOf, StateChange } from './changes';

/** A change of a campaign's log, as undo needs it. */
export interface LoggedChange {
  readonly version: number;
  /** The action's name, when known; some changes may not be taken back. */
  readonly name?: string;
  readonly delta: readonly StateChange[];
  readonly undoesVersion: number | null;
  readonly undoneByVersion: number | null;
}

export interface PlannedUndo {
  readonly state: unknown;
  readonly delta: StateChange[];
}

function refuse(rule: string, reason: string): never {
  throw new ActionRejection('CONFLICT', rule, reason, 'actionVersion');
}

/**
 * The compensating change for one logged change, from the current state and
 * the changes logged after it. Refused (an `ActionRejection`, CONFLICT on
 * `actionVersion`) when it was already undone, when the model says its action
 * is never undone, when it is itself an undo, when a later change touched any
 * value it touched (that change was made on top of it), or when the result
 * would break the state's schema. Pure, so a device can tell beforehand
 * whether the server would accept an undo.
 */
export function planUndo<S>(model: CampaignModel<S>, state: unknown, target: LoggedChange, later: readonly LoggedChange[]): PlannedUndo {
  if (target.undoneByVersion !== null) refuse('already-undone', `Version ${target.version} was already undone by version ${target.undoneByVersion}`);
  const permanent = model.neverUndone?.find((entry) => entry.action === target.name);
  if (permanent) refuse(permanent.rule, `Version ${target.version} cannot be undone: ${permanent.reason}`);
  if (target.undoesVersion !== null) refuse('is-undo', `Version ${target.version} is itself an undo`);
  const dependents = later.filter((change) => changesOverlap(change.delta, target.delta)).map((change) => change.version);
  if (dependents.length > 0) refuse('later-dependent', `Later changes depend on version ${target.version}: ${dependents.join(', ')}. Undo them first, newest first.`);
  const delta = inverseOf(target.delta);
  const checked = model.stateSchema.safeParse(applyChanges(state, delta));
  if (!checked.success) refuse('state-rule', `Undoing version ${target.version} would break a rule: ${checked.error.issues[0].message}`);
  return { state: checked.data as unknown, delta };
}
