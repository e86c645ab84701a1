import type { Clock } from '../clock';
import { ApiError, NetworkError, ScriptbookError } from '../errors';
import type { Operation } from './operation';

/** The part of `fetch` the SDK uses, so any platform's (or a test's) fits. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export interface FetchInit {
  /** `POST` for GraphQL; `GET` for a campaign's export, the one download. */
  readonly method: 'POST' | 'GET';
  readonly headers: Record<string, string>;
  /** Absent on a `GET`. */
  readonly body?: string;
  readonly signal?: AbortSignalLike;
}

export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  /** The answer as it arrives, read by `exportCampaign` only: every platform's `fetch` has it; a fetch without one cannot export. */
  readonly body?: ReadableStream<Uint8Array> | null;
}

export interface AbortSignalLike {
  readonly aborted: boolean;
}

interface AbortControllerLike {
  readonly signal: AbortSignalLike;
  abort(): void;
}

interface Answer {
  readonly data?: unknown;
  readonly errors?: readonly ApiError[];
}

export interface HttpOptions {
  readonly endpoint: string;
  readonly fetch: FetchLike;
  /** A request with no answer after this long is given up as a `NetworkError`. */
  readonly timeoutMs: number;
  readonly clock: Clock;
}

function retryAfterHeader(response: FetchResponse): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return response.headers.get('retry-after') !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

function abortController(): AbortControllerLike | undefined {
  const Controller = (globalThis as { AbortController?: new () => AbortControllerLike }).AbortController;
  return Controller ? new Controller() : undefined;
}

/**
 * Posts one operation and returns its data, or throws: `ScriptbookError`
 * when the answer carries errors, `NetworkError` when there is no usable
 * answer. `accessToken` is sent as the bearer token when given; the
 * operations that need none are sent without it.
 */
export async function postOperation<R, V>(options: HttpOptions, operation: Operation<R, V>, variables: V, accessToken?: string): Promise<R> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
  };
  if (accessToken !== undefined) headers.authorization = `Bearer ${accessToken}`;
  const controller = abortController();
  let timer: unknown;
  // Raced rather than trusted to the signal: not every fetch honours an abort.
  const timeout = new Promise<never>((_, reject) => {
    timer = options.clock.setTimeout(() => {
      controller?.abort();
      reject(new NetworkError(`No answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
  });
  timeout.catch(() => undefined);
  let response: FetchResponse;
  let body: unknown;
  try {
    const sent = options.fetch(options.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: operation.text, variables: variables ?? {}, operationName: operation.name }),
      ...(controller ? { signal: controller.signal } : {}),
    });
    response = await Promise.race([sent, timeout]);
    body = await Promise.race([response.json().catch(() => undefined), timeout]);
  } catch (error) {
    if (error instanceof NetworkError) throw error;
    throw new NetworkError(`The request did not reach the server: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    options.clock.clearTimeout(timer);
  }
  const answer = (body ?? {}) as Answer;
  if (Array.isArray(answer.errors) && answer.errors.length > 0) {
    const retryAfter = retryAfterHeader(response);
    const errors = retryAfter === undefined ? answer.errors : answer.errors.map((e) => ({ ...e, extensions: { retryAfter, ...e.extensions } }));
    throw new ScriptbookError(errors, response.status);
  }
  if (answer.data === undefined || answer.data === null) {
    // A proxy's 502, an HTML error page, an empty 429: nothing the server did, so worth a retry.
    throw new NetworkError(`HTTP ${response.status} without a GraphQL answer`, retryAfterHeader(response));
  }
  return answer.data as R;
}
