import { ActionRejection } from './action-rejection';
import { applyChanges } from './changes';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { planRevert, RevertBlocked } from './revert-plan';
import { sameJson } from './state-diff';

const refusalOf = (plan: () => unknown): unknown => {
  try {
    plan();
  } catch (error) {
    return error;
  }
  throw new Error('the revert was planned, not refused');
};

const models = RELEASE_CATALOG.games.map((game) => RELEASE_CATALOG.campaignModelOf(game.id)).filter((model) => model !== null);

describe('planRevert', () => {
  it.each(models.map((model) => [model.stateField, model]))('%s: the change it plans leads from the current state to the old one', (_field, model) => {
    const old = model.initial('revert-seed', null).state;
    const later = model.initial('another-seed', null).state;
    const planned = planRevert(model, later, old, 0, [{ version: 1, name: model.actions[0].name }]);
    expect(sameJson(applyChanges(later, planned.delta), old)).toBe(true);
  });

  it('refuses with every version the game never undoes, in order, and its rule', () => {
    const blocked = models.filter((model) => (model.neverUndone ?? []).length > 0);
    expect(blocked.length).toBeGreaterThan(0);
    for (const model of blocked) {
      const permanent = model.neverUndone![0];
      const state = model.initial('s', null).state;
      const later = [
        { version: 9, name: permanent.action },
        { version: 4, name: model.actions[0].name },
        { version: 6, name: permanent.action },
      ];
      const refusal = refusalOf(() => planRevert(model, state, state, 2, later));
      expect(refusal).toBeInstanceOf(RevertBlocked);
      expect(refusal).toMatchObject({ code: 'CONFLICT', rule: permanent.rule, field: 'version', versions: [6, 9] });
      expect((refusal as RevertBlocked).reason).toContain('versions 6, 9');
      expect((refusal as RevertBlocked).reason).toContain(permanent.reason);
    }
  });

  it('refuses an old state the game’s schema no longer accepts', () => {
    const [model] = models;
    const state = model.initial('s', null).state;
    const refusal = refusalOf(() => planRevert(model, state, { not: 'a state' }, 0, []));
    expect(refusal).toBeInstanceOf(ActionRejection);
    expect(refusal).toMatchObject({ code: 'CONFLICT', rule: 'state-rule', field: 'version' });
  });
});
