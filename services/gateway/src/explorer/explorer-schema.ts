import { Supergraph } from '@apollo/federation-internals';
import { buildSchema, GraphQLSchema, introspectionFromSchema } from 'graphql';
import { withSubscriptionRoot } from '@scriptbook/platform/graphql/subscription-root';
import { StaticFile, staticFile } from '../static-pages/static-file';

/**
 * What GraphiQL shows: the public API of the supergraph the gateway serves,
 * with the Subscription root of the published schema (graphql/schema.graphql),
 * which `/graphql/ws` on the same host serves and Apollo Gateway cannot.
 * Served from the checked-in supergraph it is the published schema exactly.
 */
export function explorerSchema(supergraphSdl: string, publishedSchemaSdl: string): GraphQLSchema {
  const api = Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
  return withSubscriptionRoot(api, buildSchema(publishedSchemaSdl));
}

/**
 * The explorer's schema as one introspection answer, worked out once: it is
 * larger than `/graphql` answers an introspection query (the answer size
 * limit, MAX_INTROSPECTION_FIELDS), and as a file it costs one computation
 * per process instead of one per request.
 */
export function explorerSchemaFile(supergraphSdl: string, publishedSchemaSdl: string): StaticFile {
  const introspection = introspectionFromSchema(explorerSchema(supergraphSdl, publishedSchemaSdl), {
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
  });
  return staticFile('application/json; charset=utf-8', Buffer.from(JSON.stringify(introspection)));
}
