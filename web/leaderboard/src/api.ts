/**
 * The page's one way to the platform: POST to the gateway's `/graphql` on
 * the page's own origin. GraphQL errors come back beside the data (every
 * query root field is nullable, so one refused field costs only itself);
 * transport failures and rate-limit refusals are thrown as `ApiError`.
 */

export const GRAPHQL_PATH = '/graphql';

/** One error of a GraphQL answer, with the extensions the platform sets. */
export interface GraphQLErrorShape {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: {
    readonly code?: string;
    readonly field?: string;
    readonly rule?: string;
    readonly retryAfter?: number;
  };
}

export interface GraphQLAnswer<T> {
  readonly data: T | null;
  readonly errors: readonly GraphQLErrorShape[];
}

/** Where this client stands against the gateway's per-minute limit (`RateLimit-*` headers). */
export interface RateLimitStanding {
  readonly limit: number;
  readonly remaining: number;
  readonly resetSeconds: number;
}

export type ApiFailureKind = 'network' | 'rate-limited' | 'http';

/** The request did not produce a GraphQL answer the page can use. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type StandingListener = (standing: RateLimitStanding) => void;
const standingListeners: StandingListener[] = [];

/** Called after every answer that reports the rate-limit standing. */
export function onRateLimitStanding(listener: StandingListener): void {
  standingListeners.push(listener);
}

function readStanding(headers: Headers): RateLimitStanding | undefined {
  const limit = Number(headers.get('ratelimit-limit'));
  const remaining = Number(headers.get('ratelimit-remaining'));
  const resetSeconds = Number(headers.get('ratelimit-reset'));
  if (!headers.has('ratelimit-limit') || ![limit, remaining, resetSeconds].every(Number.isFinite)) return undefined;
  return { limit, remaining, resetSeconds };
}

/** Runs one operation; `token` signs the request in when given. */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GraphQLAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(GRAPHQL_PATH, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  } catch {
    throw new ApiError('network', 'The leaderboard service cannot be reached. Check your connection and try again.');
  }
  const standing = readStanding(response.headers);
  if (standing) for (const listener of standingListeners) listener(standing);

  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after')) || standing?.resetSeconds || 60;
    throw new ApiError('rate-limited', `Too many requests from this address. Try again in ${retryAfter} s.`, retryAfter);
  }
  let body: { data?: T | null; errors?: GraphQLErrorShape[] };
  try {
    body = await response.json();
  } catch {
    throw new ApiError('http', `The leaderboard service answered ${response.status} without a readable body.`);
  }
  if (!body.data && !body.errors?.length) throw new ApiError('http', `The leaderboard service answered ${response.status} without data.`);
  return { data: body.data ?? null, errors: body.errors ?? [] };
}
