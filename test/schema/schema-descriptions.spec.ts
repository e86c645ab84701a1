import { buildSchema } from 'graphql';
import { publicApiSchema } from '../../scripts/schema/api-schema';
import { undescribedElements } from '../../scripts/schema/undescribed';
import { readCheckedIn, SUPERGRAPH_FILE } from '../../scripts/schema/subgraph-schemas';

/**
 * Frontend authors read the schema as the API's documentation. The checked-in
 * supergraph is drift-tested against the code, so checking it checks what
 * the services serve.
 */
describe('public schema descriptions', () => {
  it('describes every type, field, argument, input field and enum value of the public API', () => {
    expect(undescribedElements(publicApiSchema(readCheckedIn(SUPERGRAPH_FILE)))).toEqual([]);
  });

  it('reports each kind of undescribed element by its schema coordinate', () => {
    const schema = buildSchema(`
      "A card." type Card { "Its id." id: ID! name: String! }
      type Query { "A card by id." card(id: ID!, "Its language." lang: String): Card }
      "Factions." enum Faction { "The loners." LONERS BANDITS }
      input Filter { "Text." text: String kind: Faction }
      "A search." type Search { hits(filter: Filter): [Card!]! }
    `);
    expect(undescribedElements(schema)).toEqual([
      'Card.name',
      'Faction.BANDITS',
      'Filter',
      'Filter.kind',
      'Query.card(id:)',
      'Search.hits',
      'Search.hits(filter:)',
    ]);
  });
});
