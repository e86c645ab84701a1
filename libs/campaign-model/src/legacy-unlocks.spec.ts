import { z } from 'zod';
import { defineCampaignModel, startingFrom } from './campaign-model';
import { applyChanges } from './changes';
import { LegacyUnlocks, openingChanges, withOpened } from './legacy-unlocks';

const legacy: LegacyUnlocks = {
  contentKind: 'spec-seal',
  stateField: 'sealsOpened',
  outcomeAction: 'record-outcome',
  openAction: 'open-seal',
  scenarioField: 'sealId',
  letterField: 'letter',
};
const entry = (envelopeId: string) => ({ envelopeId, openedAt: '2026-12-01T00:00:00.000Z', byScenarioId: 'spec:scenario:one' });

const modelWith = (overrides: Partial<Parameters<typeof defineCampaignModel>[0]>) => () =>
  defineCampaignModel({
    stateField: 'specState',
    stateTypeName: 'SpecState',
    stateDescription: 'A made-up state.',
    stateSchema: z.object({}).passthrough(),
    actions: [],
    setups: [],
    initial: startingFrom(() => ({})),
    ...overrides,
  });

describe('legacy unlocks', () => {
  it('appends an opened envelope to the declared state field once', () => {
    const delta = openingChanges(legacy, { notes: [] }, entry('spec:seal:a'));
    expect(delta).toEqual([{ op: 'set', path: ['sealsOpened'], from: [], to: [entry('spec:seal:a')] }]);
    const after = applyChanges({ notes: [] }, delta);
    expect(openingChanges(legacy, after, { ...entry('spec:seal:a'), openedAt: 'later' })).toEqual([]);
    expect(openingChanges(legacy, after, entry('spec:seal:b'))).toEqual([{ op: 'set', path: ['sealsOpened'], from: [entry('spec:seal:a')], to: [entry('spec:seal:a'), entry('spec:seal:b')] }]);
  });

  it('starts a new campaign with what its group has opened, and leaves it as it is when nothing was', () => {
    const fresh = { notes: [], sealsOpened: [] };
    expect(withOpened(legacy, fresh, [entry('spec:seal:a')])).toEqual({ notes: [], sealsOpened: [entry('spec:seal:a')] });
    expect(withOpened(legacy, fresh, [])).toBe(fresh);
  });

  it('is refused when the model would let an opening be undone, or names a state field the fan-out cannot address', () => {
    expect(modelWith({ legacy })).toThrow(/open-seal opens content for a whole group: list it in neverUndone/);
    expect(modelWith({ legacy: { ...legacy, stateField: "seals'); DROP" }, neverUndone: [{ action: 'open-seal', rule: 'legacy', reason: 'x' }] })).toThrow(/not a plain identifier/);
    expect(modelWith({ legacy, neverUndone: [{ action: 'open-seal', rule: 'legacy', reason: 'it stays open' }] })().legacy).toBe(legacy);
  });
});
