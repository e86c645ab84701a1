import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { breakingChanges } from '../../scripts/schema/compatibility';
import { CLIENT_SCHEMA_FILE, readCheckedIn } from '../../scripts/schema/subgraph-schemas';

/**
 * The public API as it stood before the games were described once each
 * (2026-12-01). Every later schema must keep serving what clients of that one
 * query: additions only, or removals through the deprecation policy.
 */
const BASELINE = join(__dirname, 'baselines', 'public-api-2026-12-01.graphql');

describe('public schema compatibility', () => {
  it('breaks nothing a client of the baseline schema relies on', () => {
    const before = buildSchema(readFileSync(BASELINE, 'utf8'));
    const after = buildSchema(readCheckedIn(CLIENT_SCHEMA_FILE));
    expect(breakingChanges(before, after)).toEqual([]);
  });

  it('names removals, type changes and narrowed inputs, and lets text outputs become enums of the same values', () => {
    const before = buildSchema(`
      type Card { id: ID!, title: String, kind: String!, kinds: [String!]!, count: Int }
      input Filter { text: String }
      type Query { card(id: ID!): Card, cards(filter: Filter): [Card] }
    `);
    const after = buildSchema(`
      enum CardKind { dice scene }
      type Card { id: ID!, kind: CardKind!, kinds: [CardKind!]!, count: String, copies: Int }
      input Filter { text: String! }
      type Query { card(id: ID!): Card, cards(filter: Filter): [Card] }
    `);
    expect(breakingChanges(before, after)).toEqual([
      'FIELD_CHANGED_KIND: Card.count changed type from Int to String.',
      'FIELD_CHANGED_KIND: Filter.text changed type from String to String!.',
      'FIELD_REMOVED: Card.title was removed.',
    ]);
  });
});
