import type { ApolloServerPlugin } from '@apollo/server';
import type { EndpointContext, RateLimitStanding } from '../http/endpoint-context';
import { QueryCosts } from './query-costs';

export const QUERY_COST_HEADER = 'x-query-cost';
export const QUERY_COST_LIMIT_HEADER = 'x-query-cost-limit';

/** What `extensions.limits` says: enough for a client to slow down before it is refused. */
export interface LimitsReport {
  /** The operation's cost as the cost limit measured it; null when it was not measured (it did not parse or validate). */
  readonly cost: number | null;
  readonly costLimit: number;
  /** Null when the rate limit is off or could not be counted. */
  readonly rateLimit: RateLimitStanding | null;
}

export function limitsReport(cost: number | undefined | null, costLimit: number, rateLimit: RateLimitStanding | undefined): LimitsReport {
  return { cost: cost ?? null, costLimit, rateLimit: rateLimit ?? null };
}

/**
 * Puts the operation's cost and the client's rate-limit standing in every
 * GraphQL answer: `X-Query-Cost` and `X-Query-Cost-Limit` headers beside
 * the `RateLimit-*` ones, and the same figures in `extensions.limits`.
 */
export function limitsReportPlugin(costs: QueryCosts, costLimit: number): ApolloServerPlugin<EndpointContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, document, contextValue }) {
          const cost = costs.costOf(document);
          response.http.headers.set(QUERY_COST_LIMIT_HEADER, String(costLimit));
          if (cost !== undefined) response.http.headers.set(QUERY_COST_HEADER, String(cost));
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, limits: limitsReport(cost, costLimit, contextValue.rateLimit) };
        },
      };
    },
  };
}
