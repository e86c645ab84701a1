import { z } from 'zod';
import { zodIssueField, zodIssueRule } from '@scriptbook/schema';
import { applyChanges, StateChange } from './changes';
import { ActionRejection, reject } from './action-rejection';
import { checkAgainstChecked } from './checked-state';

/**
 * One named action of a game's catalog. `plan` reads the current state and
 * returns the changes it makes (or rejects); the state schema then checks the
 * result, so no action can leave a level or a storage count out of range.
 */
export interface CampaignActionDefinition<S, A extends z.ZodTypeAny = z.ZodTypeAny> {
  readonly name: string;
  readonly description: string;
  readonly args: A;
  /** Valid on a new campaign once the examples of `exampleAfter` have been applied, in that order. */
  readonly example: z.input<A>;
  readonly exampleAfter?: readonly string[];
  readonly plan: (state: S, args: z.output<A>) => StateChange[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCampaignAction<S> = CampaignActionDefinition<S, any>;

export interface AppliedAction<S> {
  readonly state: S;
  readonly delta: StateChange[];
}

export function defineAction<S, A extends z.ZodTypeAny>(definition: CampaignActionDefinition<S, A>): CampaignActionDefinition<S, A> {
  return definition;
}

export interface ApplyActionOptions {
  /**
   * `state` is already the state schema's output (a state `applyAction`
   * returned, or one parsed whole): only what the action changed is checked
   * again, with the same outcome. A device applying many queued actions in a
   * row passes it; a state read from storage is parsed whole.
   */
  readonly stateIsChecked?: boolean;
}

/** Checks the args, plans, applies and validates: a pure step from one state to the next, or an `ActionRejection`. */
export function applyAction<S>(stateSchema: z.ZodType<S>, action: AnyCampaignAction<S>, state: S, rawArgs: unknown, options: ApplyActionOptions = {}): AppliedAction<S> {
  const parsed = action.args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    // Named as a procedure's input is: the field and the rule it broke (`range`, `one-of`, `plain-text`, ...).
    const issue = parsed.error.issues[0];
    const field = zodIssueField(issue, 'args');
    reject('BAD_USER_INPUT', zodIssueRule(issue), `${field}: ${issue.message}`, field);
  }
  const delta = action.plan(state, parsed.data);
  if (delta.length === 0) reject('CONFLICT', 'no-change', `${action.name} would change nothing`);
  const next = applyChanges(state, delta);
  const checked = options.stateIsChecked ? checkAgainstChecked(stateSchema, next, state) : stateSchema.safeParse(next);
  if (!checked.success) {
    const field = zodIssueField(checked.error.issues[0], 'state');
    throw new ActionRejection('CONFLICT', 'state-rule', `${action.name} would break a rule: ${field}: ${checked.error.issues[0].message}`, field);
  }
  return { state: checked.data, delta };
}
