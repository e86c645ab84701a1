import { buildSchema, GraphQLSchema } from 'graphql';
import { liveSchema } from '../../services/campaigns/src/live/live-schema';
import { CLIENT_SCHEMA_FILE, readCheckedIn } from '../../scripts/schema/subgraph-schemas';

/** The public schema as clients get it (`graphql/schema.graphql`), drift-tested against what the services serve. */
export function publicSchema(): GraphQLSchema {
  return buildSchema(readCheckedIn(CLIENT_SCHEMA_FILE));
}

/** The schema served over graphql-ws at /graphql/ws, built from the code that serves it; only its types are read here. */
export function liveApiSchema(): GraphQLSchema {
  return liveSchema(() => (async function* () {})());
}
