import { buildSchema, parse, specifiedRules, validate, type DocumentNode } from 'graphql';
import { gatewayQueryProtection, queryLimitsConfigShape, refusedCost } from './query-limits';

const schema = buildSchema('type Query { list: [Item] } type Item { id: ID name: String items: [Item] }');
const limits = { MAX_DEPTH: 10, MAX_ALIASES: 15, MAX_TOKENS: 2_000, MAX_COST: 10, MAX_DIRECTIVES: 50 } satisfies { [K in keyof typeof queryLimitsConfigShape]: number };

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
