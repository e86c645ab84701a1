/**
 * The error codes a client can rely on. Every failure the API reports carries
 * exactly one of them in `extensions.code`.
 */
export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** Something the service needs (a store, another service) is down or did not answer in time; nothing was written, retrying later is reasonable. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorDetails {
  /** The input field at fault, as a path: `input.email`, `characters[2].empathy`. */
  readonly field?: string;
  /** A short, stable name for the rule that was broken: `format`, `range`, `unique`. */
  readonly rule?: string;
  /** Seconds after which a rate-limited caller may retry. */
  readonly retryAfter?: number;
}

/** A failure the domain expects and the caller can act on. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadUserInputError extends DomainError {
  constructor(field: string, rule: string, message: string) {
    super(ErrorCode.BAD_USER_INPUT, message, { field, rule });
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Sign in first: this operation needs a valid access token', details: ErrorDetails = {}) {
    super(ErrorCode.UNAUTHENTICATED, message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.FORBIDDEN, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id: string, field?: string) {
    super(ErrorCode.NOT_FOUND, `${what} ${id} does not exist`, field ? { field, rule: 'exists' } : {});
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(ErrorCode.CONFLICT, message, details);
  }
}

export class RateLimitedError extends DomainError {
  constructor(retryAfter: number) {
    super(ErrorCode.RATE_LIMITED, `Too many requests; retry in ${retryAfter} s`, { retryAfter });
  }
}

/** A dependency is down or did not answer in time: the message says which and that nothing was written. */
export class ServiceUnavailableError extends DomainError {
  constructor(message: string) {
    super(ErrorCode.SERVICE_UNAVAILABLE, message);
  }
}
