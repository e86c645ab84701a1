import { applyChanges, openingChanges, planUndo } from '@scriptbook/campaign-model';
import { campaignModelOf } from '@scriptbook/games';
import { TwomState } from '@scriptbook/games/twom/campaign/twom-state';
import { envelopeUnlockJobId } from './envelope-unlock.queue';

const twom = campaignModelOf('twom')!;
const legacy = twom.legacy!;
const entry = (envelopeId: string) => ({ envelopeId, openedAt: '2026-12-01T00:00:00.000Z', byScenarioId: 'twom:scenario:epidemic' });

describe('open-envelope', () => {
  it('appends the envelope once, and the result is a valid state', () => {
    const state = twom.initial('seed', null).state as TwomState;
    const delta = openingChanges(legacy, state, entry('twom:envelope:c'));
    expect(delta).toEqual([{ op: 'set', path: ['envelopesOpened'], from: [], to: [entry('twom:envelope:c')] }]);
    const after = twom.stateSchema.parse(applyChanges(state, delta)) as TwomState;
    expect(after.envelopesOpened).toEqual([entry('twom:envelope:c')]);
    // Already held: nothing to do, which is what makes a restarted job harmless.
    expect(openingChanges(legacy, after, { ...entry('twom:envelope:c'), openedAt: 'later' })).toEqual([]);
    expect(openingChanges(legacy, after, entry('twom:envelope:d'))[0]).toMatchObject({ from: [entry('twom:envelope:c')] });
  });

  it('is never undone: the model says so, and undo refuses it with the rule legacy', () => {
    const state = twom.initial('seed', null).state as TwomState;
    const delta = openingChanges(legacy, state, entry('twom:envelope:c'));
    const opened = { version: 1, name: legacy.openAction, delta, undoesVersion: null, undoneByVersion: null };
    expect(() => planUndo(twom, applyChanges(state, delta), opened, [])).toThrow(expect.objectContaining({ code: 'CONFLICT', rule: 'legacy', field: 'actionVersion' }));
  });

  it('reads a state stored before envelopes existed as holding none', () => {
    const { envelopesOpened: _, ...older } = twom.initial('seed', null).state as TwomState;
    const parsed = twom.stateSchema.parse(older) as TwomState;
    expect(parsed.envelopesOpened).toEqual([]);
  });

  it('derives one job id per group and envelope, without the colons BullMQ refuses', () => {
    const id = envelopeUnlockJobId({ groupId: 'g1', envelopeId: 'twom:envelope:c' });
    expect(id).toBe('open-envelope.g1.twom.envelope.c');
    expect(id).not.toContain(':');
    expect(envelopeUnlockJobId({ groupId: 'g2', envelopeId: 'twom:envelope:c' })).not.toBe(id);
  });
});
