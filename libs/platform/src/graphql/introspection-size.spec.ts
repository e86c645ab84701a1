import { buildSchema, executeSync, getIntrospectionQuery, parse } from 'graphql';
import { asksForIntrospection, introspectionSize } from './introspection-size';
import { responseShape } from './response-shape';

const schema = buildSchema(`
  "A game."
  type Game implements Item { id: ID! name: String! scenarios(first: Int = 10, after: String): [Scenario!]! kind: Kind }
  type Scenario implements Item { id: ID! name: String! game: Game }
  interface Item { id: ID! name: String! }
  union Found = Game | Scenario
  enum Kind { CORE EXPANSION LEGACY @deprecated(reason: "gone") }
  input Filter { name: String, kinds: [Kind!], nested: Filter }
  type Query { games(filter: Filter): [Game!]! search(text: String!): [Found!]! item(id: ID!): Item }
`);

/** Fields in an answer as `introspectionSize` counts them: each field of each object, a list of scalars once. */
function answerFields(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + answerFields(item), 0);
  if (!value || typeof value !== 'object') return 0;
  return Object.values(value).reduce((sum: number, field) => sum + 1 + answerFields(field), 0);
}

function sizes(query: string, limit = 1_000_000): { counted: number; answered: number } {
  const document = parse(query);
  const counted = introspectionSize(responseShape(document, limit).operations, schema, limit);
  const result = executeSync({ schema, document });
  expect(result.errors).toBeUndefined();
  return { counted, answered: answerFields(result.data) };
}

describe('introspectionSize', () => {
  it('counts exactly the fields the answer holds, for the standard introspection query and for narrower ones', () => {
    for (const query of [
      getIntrospectionQuery(),
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }),
      '{ __schema { types { name } } }',
      '{ __schema { queryType { name fields { name args { name type { kind name ofType { name } } } } } } }',
      '{ __type(name: "Game") { name fields { name type { ofType { ofType { name fields { name } } } } } } }',
      '{ __type(name: "Found") { possibleTypes { name interfaces { name } } } }',
      '{ __type(name: "Filter") { inputFields { name type { name inputFields { name } } } } }',
      '{ a: __type(name: "Kind") { enumValues(includeDeprecated: true) { name } } b: __type(name: "Nothing") { name } }',
    ]) {
      const { counted, answered } = sizes(query);
      expect({ query, counted }).toEqual({ query, counted: answered });
    }
  });

  it('counts deprecated items too, whatever includeDeprecated says: the count may only err on the large side', () => {
    const { counted, answered } = sizes('{ __type(name: "Kind") { enumValues(includeDeprecated: false) { name } } }');
    expect(counted).toBe(answered + 1);
  });

  it('counts __type with its name in a variable as every type at once', () => {
    const document = parse('query ($name: String!) { __type(name: $name) { name } }');
    const everyType = introspectionSize(responseShape(parse('{ __schema { types { name } } }'), 1_000).operations, schema, 1_000) - 2;
    expect(introspectionSize(responseShape(document, 1_000).operations, schema, 1_000)).toBe(1 + everyType);
  });

  it('stops counting soon after the limit, however far the answer would go', () => {
    const recursive = `{ __schema { types { ${'fields { type { ofType { ofType { '.repeat(12)} name ${'} } } } '.repeat(12)} } } }`;
    const counted = introspectionSize(responseShape(parse(recursive), 1_000_000).operations, schema, 500);
    expect(counted).toBeGreaterThan(500);
    expect(counted).toBeLessThan(600);
  });

  it('tells an operation that introspects from one that only names its types', () => {
    expect(asksForIntrospection(responseShape(parse('{ games { __typename id } }'), 1_000).operations)).toBe(false);
    expect(asksForIntrospection(responseShape(parse('{ ...F } fragment F on Query { __schema { queryType { name } } }'), 1_000).operations)).toBe(true);
  });
});
