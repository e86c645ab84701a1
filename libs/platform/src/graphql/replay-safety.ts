/**
 * The header the gateway puts on a subgraph call that may be sent twice
 * without effect: every call but a mutation's (queries, and the entity
 * fetches that complete a mutation's answer). A load balancer between the
 * gateway and a subgraph's replicas may send such a call again to another
 * replica when the first went away before answering; a mutation it must
 * not, since that replica may have committed it before it died (the
 * platform's HAProxy configuration, scripts/scaled-out/haproxy.ts). The
 * value is always `1`.
 */
export const REPLAY_SAFE_HEADER = 'scriptbook-replay-safe';

/** Whether a planned subgraph operation only reads: anything but a mutation. */
export function isReplaySafe(query: string | undefined): boolean {
  return query !== undefined && !/^\s*mutation\b/.test(query);
}
