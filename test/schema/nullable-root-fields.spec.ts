import { isNonNullType } from 'graphql';
import { publicApiSchema } from '../../scripts/schema/api-schema';
import { readCheckedIn, SUPERGRAPH_FILE } from '../../scripts/schema/subgraph-schemas';

/**
 * A screen asks several subgraphs in one query. A non-null root field that
 * fails (its subgraph down, the caller not allowed) nulls the whole answer,
 * so every query root field is nullable and a failure costs only its own
 * field, reported in `errors` with its path and code.
 */
describe('query root fields', () => {
  it('are all nullable, so one failed part never nulls the rest of an answer', () => {
    const query = publicApiSchema(readCheckedIn(SUPERGRAPH_FILE)).getQueryType()!;
    const nonNull = Object.values(query.getFields())
      .filter((field) => isNonNullType(field.type))
      .map((field) => `Query.${field.name}: ${String(field.type)}`);
    expect(nonNull).toEqual([]);
  });
});
