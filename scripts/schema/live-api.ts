import { GraphQLSchema, lexicographicSortSchema, printSchema, printType } from 'graphql';
import { subscriptionTypes, withSubscriptionRoot } from '@scriptbook/platform/graphql/subscription-root';
import { liveSchema } from '../../services/campaigns/src/live/live-schema';
import { publicApiSchema } from './api-schema';

/**
 * The live schema's part of the client schema: graphql-ws at /graphql/ws serves a schema of its own (Apollo Gateway
 * cannot execute subscriptions), and graphql/schema.graphql carries its Subscription type so that client tools (codegen,
 * IDEs) can type subscription documents from the one file. The live schema's Query root is not added: it is not served
 * over HTTP.
 */
export function servedLiveSchema(): GraphQLSchema {
  return liveSchema(() => (async function* () {})());
}

/** The Subscription root and every type it reaches, printed in name order: what the drift test compares, served against checked in. */
export function printSubscriptionPart(schema: GraphQLSchema): string {
  return [...subscriptionTypes(schema).values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((type) => printType(type))
    .join('\n\n');
}

/** graphql/schema.graphql's text: the supergraph's public API and the live Subscription, sorted so diffs show real changes only. */
export function printClientSchema(supergraphSdl: string, live: GraphQLSchema = servedLiveSchema()): string {
  return `${printSchema(lexicographicSortSchema(withSubscriptionRoot(publicApiSchema(supergraphSdl), live))).trim()}\n`;
}
