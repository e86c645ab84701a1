import fc from 'fast-check';
import { applyChanges, inverseOf } from './changes';
import { diffStates, sameJson } from './state-diff';

/** States shaped like campaigns' own: records of records, counts, text, lists and nulls. */
const leaf = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('Water', 'Wood', 'night'), fc.constant(null), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }));
const key = fc.constantFrom('storage', 'characters', 'Emira', 'Zlata', 'hunger', 'day', 'notes', '__proto__', 'constructor');
const state = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('record')),
  record: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
})).record;

describe('diffStates', () => {
  it('turns any state into any other, and its inverse turns it back', () => {
    fc.assert(
      fc.property(state, state, (from, to) => {
        const delta = diffStates(from, to);
        expect(sameJson(applyChanges(from, delta), to)).toBe(true);
        expect(sameJson(applyChanges(to, inverseOf(delta)), from)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('names only what differs, entry by entry', () => {
    const from = { day: 2, storage: { Water: 2, Wood: 1 }, notes: ['a'], scenario: null };
    const to = { day: 2, storage: { Water: 1, Meds: 1 }, notes: ['a', 'b'], scenario: null };
    expect(diffStates(from, to)).toEqual([
      { op: 'remove', path: ['storage', 'Wood'], from: 1 },
      { op: 'set', path: ['storage', 'Water'], from: 2, to: 1 },
      { op: 'set', path: ['storage', 'Meds'], to: 1 },
      { op: 'set', path: ['notes'], from: ['a'], to: ['a', 'b'] },
    ]);
    expect(diffStates(from, structuredClone(from))).toEqual([]);
  });
});
