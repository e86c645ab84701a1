import fc from 'fast-check';
import { applyChanges, changesOverlap, entryOf, inverseOf, StateChange, valueAt } from './changes';

describe('state changes', () => {
  const start = { storage: { Water: 2 }, characters: { Emira: { hunger: 2 } }, scenario: null as unknown };

  it('adds, sets and removes without touching the state it was given', () => {
    const frozen = JSON.parse(JSON.stringify(start));
    const next = applyChanges(start, [
      { op: 'add', path: ['storage', 'Wood'], by: 3 },
      { op: 'set', path: ['characters', 'Zlata'], to: { hunger: 0 } },
      { op: 'remove', path: ['characters', 'Emira'], from: { hunger: 2 } },
      { op: 'set', path: ['scenario'], from: null, to: { id: 'Blood in the Snow' } },
    ]);
    expect(next).toEqual({ storage: { Water: 2, Wood: 3 }, characters: { Zlata: { hunger: 0 } }, scenario: { id: 'Blood in the Snow' } });
    expect(start).toEqual(frozen);
  });

  it('keeps null as a value: setting a scenario back to null does not remove the key', () => {
    expect(applyChanges({ scenario: { id: 'x' } }, [{ op: 'set', path: ['scenario'], from: { id: 'x' }, to: null }])).toEqual({ scenario: null });
  });

  it('takes any sequence of changes back with its inverse', () => {
    const key = fc.constantFrom('Emira', 'Zlata', 'Water');
    const change: fc.Arbitrary<StateChange> = fc.oneof(
      // A count that did not exist comes back as 0 rather than absent, which reads the same: the property uses one that exists.
      fc.record({ op: fc.constant('add' as const), path: fc.constant(['storage', 'Water']), by: fc.integer({ min: -5, max: 5 }) }),
      fc.record({ op: fc.constant('set' as const), path: key.map((k) => ['characters', k]), to: fc.record({ hunger: fc.nat(5) }) }),
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 10 }), (raw) => {
        // Record what each change found, as actions do, so the inverse knows what to restore.
        let state: unknown = start;
        const recorded: StateChange[] = [];
        for (const c of raw) {
          const before = (state as { characters: Record<string, unknown> }).characters[c.path[1]];
          const made: StateChange = c.op === 'set' ? (before === undefined ? { op: 'set', path: c.path, to: c.to } : { ...c, from: before }) : c;
          state = applyChanges(state, [made]);
          recorded.push(made);
        }
        expect(applyChanges(state, inverseOf(recorded))).toEqual(start);
      }),
    );
  });

  it('says two changes overlap when one path contains the other', () => {
    expect(changesOverlap([{ op: 'add', path: ['storage', 'Water'], by: 1 }], [{ op: 'set', path: ['storage'], to: {} }])).toBe(true);
    expect(changesOverlap([{ op: 'add', path: ['storage', 'Water'], by: 1 }], [{ op: 'add', path: ['storage', 'Wood'], by: 1 }])).toBe(false);
  });

  it('keeps a reserved name that got into a path an ordinary entry: no prototype is read or replaced', () => {
    const state = { storage: { Water: 2 } as Record<string, number> };
    const next = applyChanges(state, [
      { op: 'add', path: ['storage', '__proto__'], by: 3 },
      { op: 'set', path: ['storage', 'constructor'], to: 1 },
    ]);
    expect(Object.getPrototypeOf(next.storage)).toBe(Object.prototype);
    expect(Object.keys(next.storage)).toEqual(['Water', '__proto__', 'constructor']);
    expect(valueAt(next, ['storage', '__proto__'])).toBe(3);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    // Reads by a name never answer what every object inherits.
    expect(valueAt(state, ['storage', 'constructor'])).toBeUndefined();
    expect(valueAt(state, ['storage', 'toString'])).toBeUndefined();
    expect(entryOf(state.storage, 'hasOwnProperty')).toBeUndefined();
    expect(entryOf(state.storage, 'Water')).toBe(2);
  });
});
