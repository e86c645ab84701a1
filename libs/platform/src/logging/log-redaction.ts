import pino from 'pino';

/**
 * Fields an error may carry that hold what a request sent: TypeORM's
 * `parameters` (the values of a failed statement: emails, password hashes,
 * token hashes, names) and Postgres's `detail` ("Key (email)=(…) already
 * exists"). Neither tells an operator more than the message and the query
 * text, which name the statement and the constraint.
 */
const REQUEST_VALUE_FIELDS = new Set(['parameters', 'detail']);

/** Anything shaped like an email address, wherever it appears in a log line's text. */
const EMAIL = /[^\s@"'`<>()[\]{},;:]+@[^\s@"'`<>()[\]{},;:]+\.[A-Za-z]{2,}/g;
export const REDACTED_EMAIL = '[email]';
export const REDACTED_VALUES = '[redacted]';

const MAX_DEPTH = 5;

/** A copy of a serialized error with request values dropped and emails masked, at any depth (`driverError`, `cause`, …). */
function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, REDACTED_EMAIL);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] = REQUEST_VALUE_FIELDS.has(key) ? REDACTED_VALUES : scrub(field, depth + 1);
  }
  return copy;
}

/**
 * pino's error serializer, then nothing personal: logs are read by more
 * people and kept longer than the database, so an email or a password hash
 * that a failed statement carried must not reach them. The message, the
 * stack and the query text stay, with any email in them masked.
 */
export function redactedError(error: unknown): unknown {
  const serialized = error instanceof Error ? pino.stdSerializers.errWithCause(error) : error;
  return scrub(serialized, 0);
}

/** Masks emails in a log message. */
export function redactedMessage(message: string): string {
  return message.replace(EMAIL, REDACTED_EMAIL);
}
