/** The code of an error for the part of an answer a subgraph could not give. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

export type UnavailableReason = 'unreachable' | 'timeout' | 'not-graphql';

const MESSAGES: Record<UnavailableReason, (service: string) => string> = {
  unreachable: (service) => `The ${service} service could not be reached; the fields it serves are missing from this answer`,
  timeout: (service) => `The ${service} service did not answer in time; the fields it serves are missing from this answer`,
  'not-graphql': (service) => `The ${service} service gave an answer that is not GraphQL; the fields it serves are missing from this answer`,
};

/**
 * A subgraph that is down, frozen or answering garbage. The message names
 * the service as clients know it, never its address: that goes to the
 * gateway's log through `cause`.
 */
export class SubgraphUnavailableError extends Error {
  readonly code = SERVICE_UNAVAILABLE;

  constructor(
    readonly service: string,
    readonly reason: UnavailableReason,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[reason](service), options);
    this.name = 'SubgraphUnavailableError';
  }
}
