import { Supergraph } from '@apollo/federation-internals';
import { GraphQLSchema } from 'graphql';

/**
 * The public API as a client sees it: the supergraph without federation's
 * `join__`/`link__` machinery, which client tools (codegen, IDEs) do not
 * understand and frontends never query.
 */
export function publicApiSchema(supergraphSdl: string): GraphQLSchema {
  return Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
}
