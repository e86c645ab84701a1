import { z } from 'zod';
import { ActionRejection } from './action-rejection';
import { CampaignModel, defineCampaignModel, startingFrom } from './campaign-model';
import { applyChanges, StateChange } from './changes';
import { LoggedChange, planUndo } from './undo';

const state = z.object({ storage: z.record(z.number().int().min(0)), seal: z.array(z.string()) }).strict();
type State = z.output<typeof state>;

const model: CampaignModel<State> = defineCampaignModel<State>({
  stateField: 'specState',
  stateTypeName: 'SpecState',
  stateDescription: 'A made-up state for the undo rules.',
  stateSchema: state,
  actions: [],
  setups: [],
  initial: startingFrom(() => ({ storage: {}, seal: [] })),
  neverUndone: [{ action: 'break-seal', rule: 'sealed', reason: 'a broken seal stays broken' }],
});

const change = (version: number, delta: StateChange[], more: Partial<LoggedChange> = {}): LoggedChange => ({
  version,
  name: 'add-resource',
  delta,
  undoesVersion: null,
  undoneByVersion: null,
  ...more,
});

function refusal(run: () => unknown): ActionRejection {
  try {
    run();
  } catch (error) {
    if (error instanceof ActionRejection) return error;
    throw error;
  }
  throw new Error('the undo was planned');
}

describe('planUndo', () => {
  const wood = change(1, [{ op: 'add', path: ['storage', 'Wood'], by: 2 }]);
  const after = applyChanges({ storage: {}, seal: [] }, wood.delta);

  it('takes a change back with its inverse, and checks the result against the state schema', () => {
    expect(planUndo(model, after, wood, [])).toEqual({ state: { storage: { Wood: 0 }, seal: [] }, delta: [{ op: 'add', path: ['storage', 'Wood'], by: -2 }] });
    // Wood spent since: taking the 2 back would leave the Storage below zero.
    const spent = applyChanges(after, [{ op: 'add', path: ['storage', 'Wood'], by: -1 }]);
    expect(refusal(() => planUndo(model, spent, wood, []))).toMatchObject({ code: 'CONFLICT', rule: 'state-rule', field: 'actionVersion' });
  });

  it('refuses what the model says is never undone, with the model’s rule and reason', () => {
    const seal = change(2, [{ op: 'set', path: ['seal'], from: [], to: ['A'] }], { name: 'break-seal' });
    const refused = refusal(() => planUndo(model, after, seal, []));
    expect(refused).toMatchObject({ code: 'CONFLICT', rule: 'sealed', field: 'actionVersion' });
    expect(refused.reason).toBe('Version 2 cannot be undone: a broken seal stays broken');
  });

  it('refuses a change already undone, an undo, and one a later change depends on', () => {
    expect(refusal(() => planUndo(model, after, { ...wood, undoneByVersion: 3 }, []))).toMatchObject({ rule: 'already-undone' });
    expect(refusal(() => planUndo(model, after, { ...wood, name: 'undo', undoesVersion: 1 }, []))).toMatchObject({ rule: 'is-undo' });
    const later = change(2, [{ op: 'add', path: ['storage', 'Wood'], by: 1 }]);
    expect(refusal(() => planUndo(model, after, wood, [later]))).toMatchObject({ rule: 'later-dependent' });
    // A later change elsewhere in the state leaves it free to undo.
    expect(planUndo(model, after, wood, [change(2, [{ op: 'add', path: ['storage', 'Water'], by: 1 }])]).delta).toHaveLength(1);
  });
});
