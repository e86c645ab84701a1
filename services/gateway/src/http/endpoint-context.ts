import type { RateDecision } from '@scriptbook/platform';
import type { GatewayContext } from '../supergraph/subgraph-data-source';

/** Where the client stands in its rate-limit window, as `extensions.limits.rateLimit` reports it. */
export interface RateLimitStanding {
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window starts afresh. */
  readonly reset: number;
}

export function rateLimitStanding(decision: RateDecision): RateLimitStanding {
  return { limit: decision.limit, remaining: decision.remaining, reset: decision.resetSeconds };
}

/**
 * What the HTTP side of `/graphql` tells the operation's execution, and
 * what the execution tells it back: the rate-limit standing for the
 * answer's `extensions`, the cache tag a content-only answer would carry,
 * and, when the answer turned out cacheable, its data for the shared cache.
 */
export interface EndpointContext extends GatewayContext {
  rateLimit?: RateLimitStanding;
  /** Set for a GET without Authorization while the content version is known. */
  cacheTag?: string;
  /**
   * Filled by the execution when the answer may be cached under `cacheTag`.
   * A holder object, because Apollo hands plugins a shallow copy of the context.
   */
  readonly outcome: { cacheable?: { readonly data: unknown; readonly cost: number | null } };
}
