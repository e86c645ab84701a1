import fc from 'fast-check';
import { ActionRejection, applyAction, CampaignModel } from '@scriptbook/campaign-model';
import { campaignGames, campaignModelOf } from '@scriptbook/games';
import { rebase } from './rebase';

const model = campaignModelOf('twom')!;
const CAMPAIGN_GAMES = campaignGames();
const empty = model.initial('rebase', null).state;
const intent = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, args: args as never });

describe('rebasing pending actions', () => {
  it('applies them in order with the game’s own rules, on a copy: the confirmed state is left as it was', () => {
    const before = JSON.stringify(empty);
    const { state, problems } = rebase(model, empty, [
      intent('a', 'add-resource', { resource: 'Water', amount: 3 }),
      intent('b', 'spend-resource', { resource: 'Water', amount: 2 }),
      intent('c', 'add-character', { character: 'Emira' }),
      intent('d', 'adjust-level', { character: 'Emira', level: 'hunger', by: 2 }),
    ]);
    expect(problems.size).toBe(0);
    expect((state as { storage: Record<string, number> }).storage).toEqual({ Water: 1 });
    expect((state as { characters: Record<string, { levels: { hunger: number } }> }).characters.Emira.levels.hunger).toBe(2);
    expect(JSON.stringify(empty)).toBe(before);
  });

  it('skips what the state refuses, with the server’s code, rule and reason, and goes on with the rest', () => {
    const { state, problems } = rebase(model, empty, [
      intent('a', 'spend-resource', { resource: 'Water', amount: 1 }),
      intent('b', 'no-such-action', {}),
      intent('c', 'add-resource', { resource: 'Wood', amount: 1 }),
    ]);
    expect(problems.get('a')).toEqual(expect.objectContaining({ code: 'CONFLICT', rule: 'storage-below-zero' }));
    expect(problems.get('b')).toEqual(expect.objectContaining({ code: 'BAD_USER_INPUT', rule: 'unknown-action' }));
    expect((state as { storage: Record<string, number> }).storage).toEqual({ Wood: 1 });
  });
});

describe('a state this app’s model does not know', () => {
  it('is shown as the server has it, each pending action marked for the server to judge', () => {
    const newer = { ...(empty as object), aFieldOfANewerRelease: 1 };
    const { state, problems } = rebase(model, newer, [intent('a', 'add-resource', { resource: 'Water', amount: 1 })]);
    expect(state).toBe(newer);
    expect(problems.get('a')).toEqual(expect.objectContaining({ rule: 'model-out-of-date' }));
  });
});

describe('checking only what an action changed', () => {
  /** An action's catalog example, or one bent out of shape: numbers pushed far, so the state's own rules refuse some. */
  const variant = (example: unknown, bend: number): unknown => {
    if (bend === 0 || example === null || typeof example !== 'object' || Array.isArray(example)) return example;
    return Object.fromEntries(Object.entries(example).map(([key, value]) => [key, typeof value === 'number' ? value * (bend === 1 ? -7 : 50) : value]));
  };

  it.each(CAMPAIGN_GAMES.map((game) => [game.id, game.campaign!] as const))('gives the whole check’s outcome on %s, step after step', (_id, model: CampaignModel) => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(model.actions.length - 1), fc.nat(2)), { minLength: 1, maxLength: 60 }), (steps) => {
        let state = model.stateSchema.parse(model.initial('equivalence', null).state);
        for (const [index, bend] of steps) {
          const action = model.actions[index];
          const args = variant(action.example, bend);
          const outcome = (stateIsChecked: boolean) => {
            try {
              return { state: applyAction(model.stateSchema, action, state, args, { stateIsChecked }).state };
            } catch (error) {
              if (!(error instanceof ActionRejection)) throw error;
              return { rejected: [error.code, error.rule, error.field, error.reason] };
            }
          };
          const [whole, fast] = [outcome(false), outcome(true)];
          expect(JSON.stringify(fast)).toBe(JSON.stringify(whole));
          if ('state' in whole) state = whole.state;
        }
      }),
      { numRuns: 150 },
    );
  });
});
