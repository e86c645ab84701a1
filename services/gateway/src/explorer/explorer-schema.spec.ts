import { buildClientSchema, buildSchema, IntrospectionQuery, lexicographicSortSchema, printSchema } from 'graphql';
import { readPublishedSchema, readSupergraph } from '../supergraph/supergraph-file';
import { explorerSchemaFile } from './explorer-schema';

/** The explorer documents the schema apps are told to generate from, the Subscription that `/graphql/ws` serves included. */
describe('the explorer’s schema', () => {
  it('is graphql/schema.graphql exactly when the gateway serves the checked-in supergraph', () => {
    const file = explorerSchemaFile(readSupergraph(), readPublishedSchema());
    const served = buildClientSchema(JSON.parse(file.body.toString('utf8')) as IntrospectionQuery);
    expect(served.getSubscriptionType()?.getFields().campaignChanged.description).toMatch(/^Follows a campaign/);
    expect(printSchema(lexicographicSortSchema(served))).toBe(printSchema(lexicographicSortSchema(buildSchema(readPublishedSchema()))));
  });
});
