import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GatewayConfig } from '../gateway.config';

/**
 * Depth, alias, token, directive and cost limits, checked before any
 * subgraph is called. Field suggestions are blocked when introspection is
 * off, or they would leak the schema anyway.
 */
export function armorProtection(config: GatewayConfig) {
  return new ApolloArmor({
    maxDepth: { n: config.MAX_DEPTH, flattenFragments: true },
    maxAliases: { n: config.MAX_ALIASES },
    maxTokens: { n: config.MAX_TOKENS },
    maxDirectives: { n: config.MAX_DIRECTIVES },
    costLimit: { maxCost: config.MAX_COST },
    blockFieldSuggestion: { enabled: !config.INTROSPECTION },
  }).protect();
}
