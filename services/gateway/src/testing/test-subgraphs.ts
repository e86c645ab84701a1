import type { TestSubgraphDefinition } from './test-supergraph';

const FEDERATION = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])';

const NOTES: Record<string, { id: string; text: string }> = { n1: { id: 'n1', text: 'first note' } };

/**
 * Two small subgraphs for the gateway's own tests, independent of the
 * platform's services: `clock` serves root fields, notes as entities and
 * mutations; `ledger` serves entries that point at clock's notes, and a
 * `pinned` entry whose note clock does not know.
 */
export const clockSubgraph: TestSubgraphDefinition = {
  name: 'clock',
  typeDefs: `${FEDERATION}
    type Query { serverTime: String, echo(text: String!): String }
    type Note @key(fields: "id") { id: ID!, text: String! }
    input Credentials { email: String!, password: String! }
    type Mutation { touch: String, check(input: Credentials!): Boolean }`,
  resolvers: {
    Query: { serverTime: () => '12:00', echo: (_: unknown, { text }: { text: string }) => text },
    Note: { __resolveReference: ({ id }: { id: string }) => NOTES[id] ?? null },
    Mutation: { touch: () => 'touched', check: () => false },
  },
};

export const ledgerSubgraph: TestSubgraphDefinition = {
  name: 'ledger',
  typeDefs: `${FEDERATION}
    type Query { entries: [Entry!], pinned: Pinned }
    type Entry @key(fields: "id") { id: ID!, amount: Int!, note: Note }
    type Pinned { id: ID!, note: Note! }
    type Note @key(fields: "id", resolvable: false) { id: ID! }`,
  resolvers: {
    Query: {
      entries: () => [
        { id: 'e1', amount: 3, note: { id: 'n1' } },
        { id: 'e2', amount: 5, note: { id: 'n1' } },
      ],
      pinned: () => ({ id: 'p1', note: { id: 'unknown-note' } }),
    },
  },
};
