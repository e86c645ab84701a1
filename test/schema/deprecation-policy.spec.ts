import { buildSchema } from 'graphql';
import { publicApiSchema } from '../../scripts/schema/api-schema';
import { deprecationPolicyBreaches } from '../../scripts/schema/deprecations';
import { readCheckedIn, SUPERGRAPH_FILE } from '../../scripts/schema/subgraph-schemas';

/**
 * docs/api.md "Deprecation policy": nothing leaves the public API without a
 * `@deprecated` reason naming its replacement and a removal date at least
 * 180 days after the deprecation.
 */
describe('deprecation policy', () => {
  it('holds for every deprecated element of the public API', () => {
    expect(deprecationPolicyBreaches(publicApiSchema(readCheckedIn(SUPERGRAPH_FILE)))).toEqual([]);
  });

  it('names each element whose reason breaks the policy, and passes one that keeps it', () => {
    const schema = buildSchema(`
      type Card {
        id: ID!
        title: String @deprecated(reason: "Use \`name\` instead. Deprecated 2026-12-01, removed after 2027-06-01.")
        text: String @deprecated(reason: "No longer supported")
        art: String @deprecated(reason: "Use \`image\` instead. Deprecated 2026-12-01, removed after 2027-01-01.")
        name: String
        image: String
      }
      enum Faction { LONERS BANDITS @deprecated(reason: "Use \`OUTLAWS\` instead. Deprecated 2026-12-01, removed after 2027-02-30.") OUTLAWS }
      input Filter { text: String, query: String @deprecated }
      type Query { card(id: ID!, lang: String @deprecated(reason: "gone")): Card, faction: Faction, search(filter: Filter): [Card] }
    `);
    expect(deprecationPolicyBreaches(schema)).toEqual([
      'Card.art: must stay served at least 180 days after it was deprecated',
      'Card.text: reason must read "Use `<replacement>` instead. Deprecated <YYYY-MM-DD>, removed after <YYYY-MM-DD>."',
      'Faction.BANDITS: dates must be real calendar dates',
      'Filter.query: reason must read "Use `<replacement>` instead. Deprecated <YYYY-MM-DD>, removed after <YYYY-MM-DD>."',
      'Query.card(lang:): reason must read "Use `<replacement>` instead. Deprecated <YYYY-MM-DD>, removed after <YYYY-MM-DD>."',
    ]);
  });
});
