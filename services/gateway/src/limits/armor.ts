import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ParseOptions } from 'graphql';
import { GatewayConfig } from '../gateway.config';

/**
 * Depth, alias, directive and cost limits, checked as validation rules
 * before any subgraph is called, so a query over one is a validation
 * failure (HTTP 400). Every alias counts, `__typename` ones included: a
 * thousand aliases of `__typename` cost the gateway as much as any other.
 * Field suggestions are blocked when introspection is off, or they would
 * leak the schema anyway.
 *
 * The token limit is not armor's: its plugin runs a second parser before
 * Apollo's and turns a plain syntax error into an HTTP 500. graphql-js
 * counts tokens in the one parse Apollo does (see `parseLimits`).
 */
export function armorProtection(config: GatewayConfig) {
  return new ApolloArmor({
    maxDepth: { n: config.MAX_DEPTH, flattenFragments: true },
    maxAliases: { n: config.MAX_ALIASES, allowList: [] },
    maxTokens: { enabled: false },
    maxDirectives: { n: config.MAX_DIRECTIVES },
    costLimit: { maxCost: config.MAX_COST },
    blockFieldSuggestion: { enabled: !config.INTROSPECTION },
  }).protect();
}

/** A document over `MAX_TOKENS` fails to parse: HTTP 400, `GRAPHQL_PARSE_FAILED`. */
export function parseLimits(config: GatewayConfig): ParseOptions {
  return { maxTokens: config.MAX_TOKENS };
}
