import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate, ValidationRule, type DocumentNode } from 'graphql';
import { gatewayQueryProtection, liveQueryProtection, QueryLimits, refusedCost, subgraphQueryProtection } from './query-limits';

const schema = buildSchema('type Query { list: [Item] } type Item { id: ID name: String items: [Item] }');
const limits: QueryLimits = {
  MAX_DEPTH: 10,
  MAX_ALIASES: 15,
  MAX_TOKENS: 2_000,
  MAX_COST: 10,
  MAX_DIRECTIVES: 50,
  MAX_FIELD_OVERLAP: 10_000,
  MAX_INTROSPECTION_FIELDS: 50,
  INTROSPECTION: true,
};

/** Validates as Apollo does: graphql-js's rules first, then the server's own. */
function refusals(query: string, rules: ValidationRule[]) {
  return validate(schema, parse(query), [...specifiedRules, ...rules]).map((error) => ({ message: error.message, ...error.extensions }));
}

function judge(query: string): { accepted?: number; rejected?: number; errors: string[] } {
  const seen: { accepted?: number; rejected?: number } = {};
  const { validationRules } = gatewayQueryProtection(limits, {
    onCostAccepted: (_document: DocumentNode, cost: number) => (seen.accepted = cost),
    onCostRejected: (_document: DocumentNode, cost: number) => (seen.rejected = cost),
  });
  const errors = validate(schema, parse(query), [...specifiedRules, ...validationRules]).map((error) => error.message);
  return { ...seen, errors };
}

describe('the gateway cost limit', () => {
  it('tells the measured cost of an accepted operation and of a refused one', () => {
    const cheap = judge('{ list { id } }');
    expect(cheap.errors).toEqual([]);
    expect(cheap.accepted).toBeGreaterThan(0);
    expect(cheap.rejected).toBeUndefined();

    const dear = judge('{ list { id name items { id name items { id name } } } }');
    expect(dear.accepted).toBeUndefined();
    expect(dear.rejected).toBeGreaterThan(limits.MAX_COST);
    expect(dear.errors).toEqual([expect.stringContaining(`found ${dear.rejected}`)]);
  });

  it('reads the figure from the refusal only while its wording carries one', () => {
    expect(refusedCost({ message: 'Syntax Error: Query Cost limit of 5000 exceeded, found 7012.5.' })).toBe(7012.5);
    expect(refusedCost({ message: 'Query validation error.' })).toBeUndefined();
  });
});

describe('every query limit', () => {
  const gateway = gatewayQueryProtection({ ...limits, MAX_COST: 1_000_000, MAX_DEPTH: 3, MAX_ALIASES: 2, MAX_DIRECTIVES: 2 }).validationRules;
  const nested = (depth: number): string => (depth === 0 ? 'id' : `items { ${nested(depth - 1)} }`);

  it('refuses with its rule and code, and never calls the refusal a syntax error', () => {
    const cases: [string, string][] = [
      [`{ list { ${nested(3)} } }`, 'max-depth'],
      ['{ list { a: id b: id c: id } }', 'max-aliases'],
      ['{ list { id @include(if: true) name @include(if: true) items @skip(if: false) { id } } }', 'max-directives'],
      [`{ list { ${'id '.repeat(101)} } }`, 'max-field-overlap'],
      ['{ __schema { types { name fields { name } } } }', 'max-introspection'],
    ];
    for (const [query, rule] of cases) {
      const errors = refusals(query, gateway);
      expect({ query, errors }).toEqual({ query, errors: [{ message: expect.any(String), code: 'GRAPHQL_VALIDATION_FAILED', rule }] });
      expect(errors[0].message).not.toMatch(/syntax/i);
    }
    const cost = refusals('{ list { id name items { id name items { id name } } } }', gatewayQueryProtection(limits).validationRules);
    expect(cost).toEqual([{ message: expect.stringMatching(/^Query Cost limit of 10 exceeded, found [\d.]+\.$/), code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-cost' }]);
  });

  it('ends validation at a refused shape before any of graphql-js’s rules looks at a selection', () => {
    let selectionSetsSeen = 0;
    const canary: ValidationRule = () => ({ SelectionSet: () => void selectionSetsSeen++ });
    // Two thousand repeats would keep OverlappingFieldsCanBeMerged busy for about a second; the unknown field would be reported too.
    const errors = refusals(`query U1 { list { unknownField ${'name '.repeat(2_000)} } }`, [...gateway, canary]);
    expect(errors).toEqual([expect.objectContaining({ rule: 'max-field-overlap' })]);
    expect(selectionSetsSeen).toBe(0);
    // The same rules let an acceptable document through to every rule.
    expect(refusals('{ list { id name } }', [...gateway, canary])).toEqual([]);
    expect(selectionSetsSeen).toBe(2);
  });

  it('reports a fragment cycle in graphql-js’s words rather than expanding it', () => {
    expect(refusals('{ list { ...A } } fragment A on Item { items { ...A } }', gateway)).toEqual([{ message: 'Cannot spread fragment "A" within itself.' }]);
  });

  it('leaves directives to the gateway on a subgraph, and checks everything else there too', () => {
    const subgraph = subgraphQueryProtection({ ...limits, MAX_DIRECTIVES: 1 }).validationRules;
    expect(refusals('{ list { id @include(if: true) name @include(if: true) } }', subgraph)).toEqual([]);
    expect(refusals(`{ list { ${'id '.repeat(101)} } }`, subgraph)).toEqual([expect.objectContaining({ rule: 'max-field-overlap' })]);
    // A subgraph answers its own standard introspection, however large, and nothing wider.
    expect(refusals(getIntrospectionQuery(), subgraph)).toEqual([]);
    const twice = getIntrospectionQuery().replace('__schema {', 'again: __schema { types { ...FullType } } __schema {');
    expect(refusals(twice, subgraph)).toEqual([expect.objectContaining({ rule: 'max-introspection' })]);
    expect(refusals(getIntrospectionQuery(), gateway)).toEqual([expect.objectContaining({ rule: 'max-introspection' })]);
  });

  it('follows the introspection switch on the live socket', () => {
    const open = liveQueryProtection(limits);
    expect(open.parseOptions).toEqual({ maxTokens: limits.MAX_TOKENS });
    expect(refusals('{ __schema { queryType { name } } }', open.validationRules)).toEqual([]);
    const closed = liveQueryProtection({ ...limits, INTROSPECTION: false });
    const refused = refusals('{ __schema { queryType { name } } }', closed.validationRules);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) expect(error.message).toMatch(/^GraphQL introspection has been disabled/);
  });
});
