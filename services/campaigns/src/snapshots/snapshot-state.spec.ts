import { StateChange } from '@scriptbook/campaign-model';
import { snapshotDue } from './campaign-snapshot.queue';
import { stateAt, statesAgree, stateFrom } from './snapshot-state';

const log: { version: number; delta: StateChange[] }[] = [
  { version: 1, delta: [{ op: 'add', path: ['storage', 'wood'], by: 2 }] },
  { version: 2, delta: [{ op: 'set', path: ['notes', 'n1'], to: 'Night raid' }] },
  { version: 3, delta: [{ op: 'add', path: ['storage', 'wood'], by: -1 }, { op: 'set', path: ['day'], from: 1, to: 2 }] },
  { version: 4, delta: [{ op: 'remove', path: ['notes', 'n1'], from: 'Night raid' }] },
];
const start = { day: 1, storage: { wood: 0 }, notes: {} };

describe('snapshot state', () => {
  const atEach = [start];
  for (const change of log) atEach.push(stateFrom(atEach[atEach.length - 1], [change]) as typeof start);

  it('takes the current state back to every earlier version', () => {
    for (let version = 0; version <= 4; version++) {
      expect(stateAt(atEach[4], log.filter((change) => change.version > version))).toEqual(atEach[version]);
    }
  });

  it('rolls a snapshot forward to the same state as rolling the current one back', () => {
    expect(stateFrom(atEach[1], log.slice(1, 3))).toEqual(stateAt(atEach[4], log.slice(3)));
  });
});

describe('statesAgree', () => {
  it('holds whatever order the keys come in, as Postgres returns them', () => {
    expect(statesAgree({ day: 2, storage: { wood: 1, food: 3 } }, { storage: { food: 3, wood: 1 }, day: 2 })).toBe(true);
  });

  it('holds between a count taken back to 0 and one never made', () => {
    const forward = stateFrom({ storage: {} }, [{ version: 1, delta: [{ op: 'add', path: ['storage', 'wood'], by: 2 }] }]);
    const back = stateAt(forward, [{ version: 1, delta: [{ op: 'add', path: ['storage', 'wood'], by: 2 }] }]);
    expect(back).toEqual({ storage: { wood: 0 } });
    expect(statesAgree({ storage: {} }, back)).toBe(true);
  });

  it('fails on any other difference: a value, a count, an extra key, an array', () => {
    expect(statesAgree({ day: 1 }, { day: 2 })).toBe(false);
    expect(statesAgree({ storage: { wood: 0 } }, { storage: { wood: 1 } })).toBe(false);
    expect(statesAgree({ storage: {} }, { storage: { wood: 1 } })).toBe(false);
    expect(statesAgree({ notes: {} }, { notes: { n1: 'Night raid' } })).toBe(false);
    expect(statesAgree({ deck: [1, 2] }, { deck: [2, 1] })).toBe(false);
    expect(statesAgree({ deck: [1] }, { deck: [1, 2] })).toBe(false);
    expect(statesAgree({ day: null }, { day: 0 })).toBe(false);
    expect(statesAgree({ day: null }, {})).toBe(false);
  });
});

describe('snapshotDue', () => {
  it('is due when a commit reaches a multiple of the interval', () => {
    expect(snapshotDue(99, 100, 100)).toBe(100);
    expect(snapshotDue(95, 120, 100)).toBe(100);
    expect(snapshotDue(190, 410, 100)).toBe(400);
  });

  it('is not due between multiples, nor again for one already passed', () => {
    expect(snapshotDue(100, 101, 100)).toBeNull();
    expect(snapshotDue(0, 99, 100)).toBeNull();
    expect(snapshotDue(0, 0, 100)).toBeNull();
  });
});
