import { z } from 'zod';
import { applyChanges, StateChange } from '../state/changes';
import { ActionRejection, reject } from './action-rejection';

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

function describeIssue(prefix: string, issue: z.ZodIssue): { field: string; reason: string } {
  const field = issue.path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`), prefix);
  return { field, reason: `${field}: ${issue.message}` };
}

/** Checks the args, plans, applies and validates: a pure step from one state to the next, or an `ActionRejection`. */
export function applyAction<S>(stateSchema: z.ZodType<S>, action: AnyCampaignAction<S>, state: S, rawArgs: unknown): AppliedAction<S> {
  const parsed = action.args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const { field, reason } = describeIssue('args', parsed.error.issues[0]);
    reject('BAD_USER_INPUT', 'args', reason, field);
  }
  const delta = action.plan(state, parsed.data);
  if (delta.length === 0) reject('CONFLICT', 'no-change', `${action.name} would change nothing`);
  const next = applyChanges(state, delta);
  const checked = stateSchema.safeParse(next);
  if (!checked.success) {
    const { field, reason } = describeIssue('state', checked.error.issues[0]);
    throw new ActionRejection('CONFLICT', 'state-rule', `${action.name} would break a rule: ${reason}`, field);
  }
  return { state: checked.data, delta };
}
