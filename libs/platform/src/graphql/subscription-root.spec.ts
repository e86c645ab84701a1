import { buildSchema, printType } from 'graphql';
import { subscriptionTypes, withSubscriptionRoot } from './subscription-root';

const LIVE = buildSchema(`
  type Query { unused: String }
  "Follows one thing."
  type Subscription { changed("Which thing." id: ID!, filter: Filter): Changed! }
  "What changed."
  type Changed { id: ID! version: Int! kind: Kind }
  enum Kind { A B }
  input Filter { kinds: [Kind!] }
  type Unreached { x: Int }
`);

describe('withSubscriptionRoot', () => {
  it('adds the Subscription root and every type it reaches, descriptions kept, and nothing else of the source', () => {
    const merged = withSubscriptionRoot(buildSchema('type Query { serverTime: String }'), LIVE);
    expect(Object.keys(merged.getQueryType()!.getFields())).toEqual(['serverTime']);
    expect(printType(merged.getSubscriptionType()!)).toBe(printType(LIVE.getSubscriptionType()!));
    expect(merged.getType('Changed')?.description).toBe('What changed.');
    expect(merged.getType('Unreached')).toBeUndefined();
    expect([...subscriptionTypes(LIVE).keys()].sort()).toEqual(['Changed', 'Filter', 'Kind', 'Subscription']);
  });

  it('refuses an API that already uses the name of a type the root reaches, or has a Subscription root of its own', () => {
    expect(() => withSubscriptionRoot(buildSchema('type Query { a: String } type Changed { other: String }'), LIVE)).toThrow("The live schema's Changed would clash");
    expect(() => withSubscriptionRoot(buildSchema('type Query { a: String } type Subscription { b: String }'), LIVE)).toThrow('has a Subscription root of its own');
  });
});
