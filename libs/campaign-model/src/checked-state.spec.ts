import { z } from 'zod';
import { applyChanges, StateChange } from './changes';
import { checkAgainstChecked } from './checked-state';

const schema = z
  .object({
    storage: z.record(z.string().min(1), z.number().int().min(0)),
    notes: z.array(z.object({ text: z.string() })),
    scenario: z.object({ id: z.string(), tracks: z.record(z.number().min(0)) }).nullable(),
    day: z.number().int().min(1),
    extra: z.array(z.string()).default([]),
    bounded: z.array(z.number()).max(2),
  })
  .strict();

const previous = schema.parse({ storage: { Water: 1 }, notes: [{ text: 'a' }], scenario: null, day: 1, bounded: [] });

function both(changes: StateChange[]) {
  const next = applyChanges(previous, changes);
  return { fast: checkAgainstChecked(schema, next, previous), whole: schema.safeParse(next) };
}

describe('checking a state against the checked one it was made from', () => {
  it.each<[string, StateChange[]]>([
    ['a count moved', [{ op: 'add', path: ['storage', 'Water'], by: 2 }]],
    ['a new record entry', [{ op: 'set', path: ['storage', 'Wood'], to: 3 }]],
    ['an entry removed', [{ op: 'remove', path: ['storage', 'Water'], from: 1 }]],
    ['an element appended', [{ op: 'set', path: ['notes'], from: previous.notes, to: [...previous.notes, { text: 'b' }] }]],
    ['a nullable object set', [{ op: 'set', path: ['scenario'], from: null, to: { id: 's', tracks: { Cold: 1 } } }]],
    ['a bounded list within its bound', [{ op: 'set', path: ['bounded'], to: [1, 2] }]],
  ])('gives the whole parse’s state for %s', (_what, changes) => {
    const { fast, whole } = both(changes);
    expect(fast.success).toBe(true);
    expect(fast).toEqual(whole);
    expect(JSON.stringify(fast.success && fast.data)).toBe(JSON.stringify(whole.success && whole.data));
  });

  it.each<[string, StateChange[]]>([
    ['a count below zero', [{ op: 'add', path: ['storage', 'Water'], by: -2 }]],
    ['an empty record key', [{ op: 'set', path: ['storage', ''], to: 1 }]],
    ['two broken fields, in the schema’s order', [{ op: 'add', path: ['day'], by: -1 }, { op: 'add', path: ['storage', 'Water'], by: -2 }]],
    ['a bad element', [{ op: 'set', path: ['notes'], to: [...previous.notes, { text: 3 }] }]],
    ['a field the schema does not list', [{ op: 'set', path: ['stray'], to: 1 }]],
    ['a list over its bound', [{ op: 'set', path: ['bounded'], to: [1, 2, 3] }]],
  ])('gives the whole parse’s issues for %s', (_what, changes) => {
    const { fast, whole } = both(changes);
    expect(fast.success).toBe(false);
    expect(!fast.success && fast.error.issues).toEqual(!whole.success && whole.error.issues);
  });

  it('parses a schema with a refinement of its own whole', () => {
    const refined = schema.refine((state) => state.notes.length < 2, { message: 'too many notes' });
    const next = applyChanges(previous, [{ op: 'set', path: ['notes'], to: [...previous.notes, { text: 'b' }] }]);
    expect(checkAgainstChecked(refined, next, previous).success).toBe(false);
  });
});
