import { ActionRejection } from './action-rejection';
import type { CampaignModel } from './campaign-model';
import type { StateChange } from './changes';
import type { NeverUndone } from './legacy-unlocks';
import { diffStates } from './state-diff';

/** A logged change after the version reverted to, as far as a revert needs it. */
export interface LaterChange {
  readonly version: number;
  readonly name: string;
}

export interface PlannedRevert {
  /** The compensating change: from the current state to the state at the version. */
  readonly delta: StateChange[];
  /** The state it leads to, as the game's schema reads it. */
  readonly state: unknown;
}

/** A revert refused because changes after the version are ones the game never takes back; `versions` lists every one. */
export class RevertBlocked extends ActionRejection {
  constructor(
    rule: string,
    reason: string,
    readonly versions: readonly number[],
  ) {
    super('CONFLICT', rule, reason, 'version');
  }
}

/** The changes among `later` that the game never takes back, oldest first, each with its `neverUndone` entry: what blocks a revert, on the server and in a file's replay. */
export function revertBlockers<S>(model: CampaignModel<S>, later: readonly LaterChange[]): { change: LaterChange; entry: NeverUndone }[] {
  const permanent = model.neverUndone ?? [];
  return later
    .map((change) => ({ change, entry: permanent.find((entry) => entry.action === change.name) }))
    .filter((found): found is { change: LaterChange; entry: NeverUndone } => found.entry !== undefined)
    .sort((a, b) => a.change.version - b.change.version);
}

/**
 * One compensating change taking a campaign from its current state back to
 * its state at a version. Refused, with every blocking version, when a change
 * after that version is one the game's model never undoes (`neverUndone`,
 * the list `planUndo` refuses from: an opened legacy envelope stays opened),
 * and with `state-rule` when the old state no longer passes the state's
 * schema. Pure: a device can tell beforehand whether a revert would pass.
 */
export function planRevert<S>(model: CampaignModel<S>, current: unknown, atVersion: unknown, version: number, later: readonly LaterChange[]): PlannedRevert {
  const blocking = revertBlockers(model, later);
  if (blocking.length > 0) {
    const versions = blocking.map(({ change }) => change.version);
    const reasons = [...new Set(blocking.map(({ entry }) => entry.reason))].join('; ');
    throw new RevertBlocked(
      blocking[0].entry.rule,
      `Cannot revert to version ${version}: version${versions.length > 1 ? 's' : ''} ${versions.join(', ')} cannot be undone (${reasons}). Revert to version ${versions[versions.length - 1]} or later instead.`,
      versions,
    );
  }
  const checked = model.stateSchema.safeParse(atVersion);
  if (!checked.success) throw new ActionRejection('CONFLICT', 'state-rule', `The state at version ${version} breaks a rule of the game now: ${checked.error.issues[0].message}`, 'version');
  return { delta: diffStates(current, checked.data), state: checked.data as unknown };
}
