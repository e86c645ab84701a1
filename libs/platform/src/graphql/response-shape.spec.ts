import { parse } from 'graphql';
import { hasFragmentCycle, responseShape } from './response-shape';

const BIG = 1_000_000;

describe('responseShape', () => {
  it('counts one for a field alone at its place and the square of a field repeated there', () => {
    expect(responseShape(parse('{ games { id name } }'), BIG).work).toBe(3);
    // games: 1; name × 3 at one place: 9.
    expect(responseShape(parse('{ games { name name name } }'), BIG).work).toBe(1 + 9);
  });

  it('merges places by response key across the whole document, so nested repeats multiply', () => {
    // scenarios × 3 at one place (9); below it, the 3 × 2 names all land at one place (36).
    const shape = responseShape(parse('{ games { scenarios { name name } scenarios { name name } scenarios { name name } } }'), BIG);
    expect(shape.work).toBe(1 + 9 + 36);
    const games = shape.operations[0].children.get('games')!;
    expect(games.children.get('scenarios')!.fields).toHaveLength(3);
    expect(games.children.get('scenarios')!.children.get('name')!.fields).toHaveLength(6);
  });

  it('keeps aliases apart: they are different places of the answer', () => {
    expect(responseShape(parse('{ games { a: name b: name c: name } }'), BIG).work).toBe(1 + 3);
  });

  it('expands each fragment spread, and counts one for each spread and inline fragment', () => {
    const document = parse('{ games { ...F ...F ... on Game { name } } } fragment F on Game { name }');
    // games 1; two spreads and one inline fragment 3; name three times at one place 9; the fragment on its own 1.
    expect(responseShape(document, BIG).work).toBe(1 + 3 + 9 + 1);
  });

  it('lets colocated fragments that repeat id and player { id } through', () => {
    const document = parse(`
      query Campaign($id: ID!) { campaign(id: $id) { id ...Header ...Members ...Log ...Cards ...Envelopes } }
      fragment Header on Campaign { id name player { id displayName } }
      fragment Members on Campaign { id player { id } members { id player { id } } }
      fragment Log on Campaign { id changes { id player { id } } }
      fragment Cards on Campaign { id cards { id name } }
      fragment Envelopes on Campaign { id envelopes { id player { id } } }`);
    const shape = responseShape(document, 10_000);
    expect(shape.withinBudget).toBe(true);
    expect(shape.work).toBeLessThan(200);
  });

  it('stops soon after the budget, however much the document would expand', () => {
    // Each fragment spreads the next twice: 2^40 fields once expanded.
    const chain = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Game { ...F${i + 1} ...F${i + 1} }`).join('\n');
    const document = parse(`{ games { ...F0 } } ${chain} fragment F40 on Game { name }`);
    const shape = responseShape(document, 10_000);
    expect(shape.withinBudget).toBe(false);
    // The walk counts its own steps, so the bound holds on any machine: it stops within a fragment of the budget.
    expect(shape.work).toBeLessThan(10_000 + 100);
  });

  it('refuses the shape of a field repeated two thousand times at one place', () => {
    const shape = responseShape(parse(`query U1 { games { ${'name '.repeat(2_000)} } }`), 10_000);
    expect(shape.withinBudget).toBe(false);
  });

  it('skips a spread of an unknown fragment, which validation reports', () => {
    expect(responseShape(parse('{ games { ...Missing name } }'), BIG).work).toBe(1 + 1 + 1);
  });
});

describe('hasFragmentCycle', () => {
  it('finds a fragment that spreads itself, directly, through a field, or through others', () => {
    expect(hasFragmentCycle(parse('{ games { ...A } } fragment A on Game { ...A }'))).toBe(true);
    expect(hasFragmentCycle(parse('{ games { ...A } } fragment A on Game { scenarios { ...A } }'))).toBe(true);
    expect(hasFragmentCycle(parse('{ games { ...A } } fragment A on Game { ...B } fragment B on Game { x { ...C } } fragment C on Game { ...A }'))).toBe(true);
  });

  it('accepts fragments that share others without a cycle', () => {
    expect(hasFragmentCycle(parse('{ games { ...A ...B } } fragment A on Game { ...C } fragment B on Game { ...C } fragment C on Game { id }'))).toBe(false);
    expect(hasFragmentCycle(parse('{ games { ...Missing } }'))).toBe(false);
  });
});
