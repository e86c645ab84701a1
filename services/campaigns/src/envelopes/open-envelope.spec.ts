import { applyChanges } from '../state/changes';
import { gameSystemOf } from '../state/game-systems';
import { openEnvelopeChanges } from '../state/twom/twom-actions';
import { TwomState } from '../state/twom/twom-state';
import { envelopeUnlockJobId } from './envelope-unlock.queue';

const twom = gameSystemOf('twom')!;
const entry = (envelopeId: string) => ({ envelopeId, openedAt: '2026-12-01T00:00:00.000Z', byScenarioId: 'twom:scenario:epidemic' });

describe('open-envelope', () => {
  it('appends the envelope once, and the result is a valid state', () => {
    const state = twom.initial('seed', null).state as TwomState;
    const delta = openEnvelopeChanges(state, entry('twom:envelope:c'));
    expect(delta).toEqual([{ op: 'set', path: ['envelopesOpened'], from: [], to: [entry('twom:envelope:c')] }]);
    const after = twom.stateSchema.parse(applyChanges(state, delta)) as TwomState;
    expect(after.envelopesOpened).toEqual([entry('twom:envelope:c')]);
    // Already held: nothing to do, which is what makes a restarted job harmless.
    expect(openEnvelopeChanges(after, { ...entry('twom:envelope:c'), openedAt: 'later' })).toEqual([]);
    expect(openEnvelopeChanges(after, entry('twom:envelope:d'))[0]).toMatchObject({ from: [entry('twom:envelope:c')] });
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
