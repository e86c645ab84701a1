import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { DocumentNode } from 'graphql';
import { z } from 'zod';

const limit = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * The query limits, as environment settings. The gateway checks all of them
 * before planning; every subgraph checks depth, aliases and cost again, so a
 * caller that reaches a subgraph directly gets no more than through the
 * gateway. Defaults are generous for real frontends (a deep campaign view
 * nests about 8 levels) and small enough that one request cannot make a
 * service do unbounded work.
 */
export const queryLimitsConfigShape = {
  MAX_DEPTH: limit(10),
  MAX_ALIASES: limit(15),
  MAX_TOKENS: limit(2_000),
  MAX_COST: limit(5_000),
  MAX_DIRECTIVES: limit(50),
};

export type QueryLimits = { readonly [K in keyof typeof queryLimitsConfigShape]: number };

export interface QueryLimitOptions {
  /** Hide "did you mean" suggestions, which would reveal the schema when introspection is off. */
  readonly blockFieldSuggestion?: boolean;
  /** Told each accepted operation's cost as the cost limit measured it, so the figure can be reported without measuring twice. */
  readonly onCostAccepted?: (document: DocumentNode, cost: number) => void;
  /** Told the cost of each operation refused for it, so the refusal can say by how much. */
  readonly onCostRejected?: (document: DocumentNode, cost: number) => void;
}

/**
 * The cost in the cost limit's refusal ("Query Cost limit of 5000 exceeded,
 * found 7012.5."): graphql-armor hands its reject handlers the error alone,
 * with the figure only in the message it writes when `exposeLimits` is on.
 * Undefined if that wording ever changes; the refusal then reports no cost.
 */
export function refusedCost(error: { message: string }): number | undefined {
  const found = /exceeded, found (\d+(?:\.\d+)?)\.?$/.exec(error.message);
  return found ? Number(found[1]) : undefined;
}

/**
 * Every limit for the public endpoint but tokens (see `gatewayParseOptions`).
 * `__typename` aliases count toward the alias limit: graphql-armor exempts
 * them by default, and a thousand aliased `__typename`s still cost a server
 * a thousand response entries.
 */
export function gatewayQueryProtection(limits: QueryLimits, options: QueryLimitOptions = {}) {
  return new ApolloArmor({
    maxDepth: { n: limits.MAX_DEPTH, flattenFragments: true },
    maxAliases: { n: limits.MAX_ALIASES, allowList: [] },
    // Armor's token plugin parses the query a second time before Apollo does
    // and turns any syntax error into an HTTP 500; graphql-js counts tokens
    // in Apollo's own parse instead.
    maxTokens: { enabled: false },
    maxDirectives: { n: limits.MAX_DIRECTIVES },
    costLimit: {
      maxCost: limits.MAX_COST,
      exposeLimits: true,
      onAccept: [(context, details: { n: number }) => context && options.onCostAccepted?.(context.getDocument(), details.n)],
      onReject: [
        (context, error) => {
          const cost = refusedCost(error);
          if (context && cost !== undefined) options.onCostRejected?.(context.getDocument(), cost);
        },
      ],
    },
    blockFieldSuggestion: { enabled: options.blockFieldSuggestion ?? false },
  }).protect();
}

/**
 * The limits a subgraph applies to whatever reaches it. Tokens and
 * directives are left to the gateway: its query plans re-print the client's
 * operation (fragments inlined, `__typename` added), so their size is the
 * gateway's doing, while depth, aliases and cost still bound the work.
 */
export function subgraphQueryProtection(limits: QueryLimits) {
  return new ApolloArmor({
    maxDepth: { n: limits.MAX_DEPTH, flattenFragments: true },
    maxAliases: { n: limits.MAX_ALIASES, allowList: [] },
    maxTokens: { enabled: false },
    maxDirectives: { enabled: false },
    costLimit: { maxCost: limits.MAX_COST },
    blockFieldSuggestion: { enabled: false },
  }).protect();
}

/** Parser options for the public endpoint: a document over `MAX_TOKENS` fails to parse (HTTP 400, `GRAPHQL_PARSE_FAILED`). */
export function gatewayParseOptions(limits: Pick<QueryLimits, 'MAX_TOKENS'>): { maxTokens: number } {
  return { maxTokens: limits.MAX_TOKENS };
}
