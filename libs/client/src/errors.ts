/** One entry of a GraphQL answer's `errors`, with the extensions Scriptbook sets (docs/api.md). */
export interface ApiError {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: {
    readonly code?: string;
    readonly field?: string;
    readonly rule?: string;
    readonly retryAfter?: number;
    readonly [key: string]: unknown;
  };
}

/** The server answered with errors; the first one's code, field and rule are at hand. */
export class ScriptbookError extends Error {
  constructor(
    readonly errors: readonly ApiError[],
    /** The HTTP status of the answer, when it came over HTTP. */
    readonly status: number | null = null,
  ) {
    super(errors.map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`).join('; ') || 'The server answered with an error');
    this.name = 'ScriptbookError';
  }

  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }

  get field(): string | undefined {
    return this.errors[0]?.extensions?.field;
  }

  get rule(): string | undefined {
    return this.errors[0]?.extensions?.rule;
  }

  /**
   * A revert refused because changes after its version can never be undone
   * (an envelope opened for the whole group): those versions, oldest first;
   * revert to the last of them or later. Undefined on any other refusal.
   */
  get blockingVersions(): readonly number[] | undefined {
    const versions = this.errors[0]?.extensions?.blockingVersions;
    return Array.isArray(versions) && versions.every((version) => Number.isInteger(version)) ? (versions as number[]) : undefined;
  }

  /** Seconds to wait before asking again (RATE_LIMITED, a busy SQLite deployment's SERVICE_UNAVAILABLE). */
  get retryAfter(): number | undefined {
    const seconds = this.errors.find((error) => typeof error.extensions?.retryAfter === 'number')?.extensions?.retryAfter;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
  }
}

/** No answer: the device is offline, the request timed out, or what came back was not a GraphQL answer. Always worth a retry. */
export class NetworkError extends Error {
  constructor(
    message: string,
    /** Seconds the server asked to wait (an HTTP 429 or 503 with `Retry-After`), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** There is no session to send a request with: sign in first. */
export class NotSignedInError extends Error {
  constructor(message = 'Not signed in: sign in before asking for player data') {
    super(message);
    this.name = 'NotSignedInError';
  }
}

/**
 * An action refused on the device before anything was queued: the same
 * field and rule the server would give (`args.amount`, `range`), or
 * `unknown-action`, `args-size`, `not-loaded`.
 */
export class ActionInputError extends Error {
  readonly code = 'BAD_USER_INPUT';
  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = 'ActionInputError';
  }
}

/** Codes whose answer says nothing was done and asking again later may work. */
const TRANSIENT_CODES = new Set(['RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'INTERNAL_SERVER_ERROR']);

/** Whether a failed request is worth sending again as it is, and the least wait the server asked for, in ms. */
export function retryAdvice(error: unknown): { readonly retry: boolean; readonly afterMs: number } {
  if (error instanceof NetworkError) return { retry: true, afterMs: (error.retryAfter ?? 0) * 1000 };
  if (error instanceof ScriptbookError && error.code !== undefined && TRANSIENT_CODES.has(error.code)) {
    return { retry: true, afterMs: (error.retryAfter ?? 0) * 1000 };
  }
  return { retry: false, afterMs: 0 };
}
