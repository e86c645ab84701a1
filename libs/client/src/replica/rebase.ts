import { ActionRejection, actionOf, applyAction, CampaignModel } from '@scriptbook/campaign-model';
import type { JsonObject } from '../json';

/** Why an action does not apply to the state it is run on: the same code, rule, field and reason the server would give. */
export interface ActionProblem {
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
}

export interface QueuedIntent {
  readonly id: string;
  readonly name: string;
  readonly args: JsonObject;
}

export interface Applied {
  readonly state: unknown;
  readonly problem: ActionProblem | null;
}

/**
 * One action on a state with the campaign's own code; one the state refuses
 * leaves it as it was. `state` is one `rebase` or this function returned,
 * so the model checks only the fields the action changes.
 */
export function applyLocally(model: CampaignModel, state: unknown, name: string, args: JsonObject): Applied {
  const action = actionOf(model, name);
  if (!action) return { state, problem: { code: 'BAD_USER_INPUT', rule: 'unknown-action', field: 'name', reason: `${name} is not an action of this game` } };
  try {
    return { state: applyAction(model.stateSchema, action, state, args, { stateIsChecked: true }).state, problem: null };
  } catch (error) {
    if (!(error instanceof ActionRejection)) throw error;
    return { state, problem: { code: error.code, rule: error.rule, field: error.field, reason: error.reason } };
  }
}

export interface Rebased {
  readonly state: unknown;
  /** The actions the state refused, by id: the server will likely reject them too, unless another device's change makes room first. */
  readonly problems: ReadonlyMap<string, ActionProblem>;
}

/**
 * The optimistic state: the confirmed one with every pending action applied
 * in order, as the server will apply them. The confirmed state is checked
 * whole once; each action then checks only what it changed.
 */
export function rebase(model: CampaignModel, confirmed: unknown, pending: readonly QueuedIntent[]): Rebased {
  const base = model.stateSchema.safeParse(confirmed);
  if (!base.success) {
    // A server newer than this app's model of the game: show the server's state, and leave the verdicts to the server.
    const problem: ActionProblem = {
      code: 'CONFLICT',
      rule: 'model-out-of-date',
      field: 'state',
      reason: `This app's rules for the game do not fit the campaign's state (${base.error.issues[0].message}): update the app`,
    };
    return { state: confirmed, problems: new Map(pending.map((intent) => [intent.id, problem])) };
  }
  let state = base.data;
  const problems = new Map<string, ActionProblem>();
  for (const intent of pending) {
    const applied = applyLocally(model, state, intent.name, intent.args);
    state = applied.state;
    if (applied.problem) problems.set(intent.id, applied.problem);
  }
  return { state, problems };
}
