import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { requestErrorOf } from '../graphql/request-errors';
import { DomainError, ErrorCode } from './domain-errors';

/** Codes that GraphQL servers themselves raise for a request they cannot run. */
const REQUEST_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);
// INTERNAL_SERVER_ERROR is absent on purpose: its message is never shown as is.
const PUBLIC_CODES = new Set<string>([
  ...Object.values(ErrorCode).filter((code) => code !== ErrorCode.INTERNAL_SERVER_ERROR),
  ...REQUEST_CODES,
]);
const PUBLIC_EXTENSION_KEYS = ['code', 'field', 'rule', 'retryAfter'] as const;

function originalOf(error: unknown): unknown {
  let current = error as { originalError?: unknown } | undefined;
  // GraphQL wraps resolver errors, and the gateway wraps them again.
  while (current && typeof current === 'object' && current.originalError && current.originalError !== current) {
    if (current instanceof DomainError) return current;
    current = current.originalError as { originalError?: unknown };
  }
  return current;
}

/**
 * The one mapping from errors to what a client sees: a message and an
 * `extensions.code` (plus `field` and `rule` for bad input), never a stack
 * trace. Anything unexpected becomes INTERNAL_SERVER_ERROR with a neutral
 * message, and `onUnexpected` gets the original to log.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  onUnexpected?: (error: unknown) => void,
): GraphQLFormattedError {
  const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
  const original = originalOf(error);
  if (original instanceof DomainError) {
    // An outage is the caller's to retry and ours to see: it is logged as well.
    if (original.code === ErrorCode.SERVICE_UNAVAILABLE) onUnexpected?.(original);
    return { ...base, message: original.message, extensions: { code: original.code, ...original.details } };
  }
  // A request graphql-js refused (a bad variable or argument, the token limit) is told with the field and the rule it broke.
  const request = requestErrorOf(formatted, error instanceof GraphQLError ? error.nodes : undefined);
  if (request) return { ...base, ...request };
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PUBLIC_CODES.has(code)) {
    const extensions: Record<string, unknown> = {};
    for (const key of PUBLIC_EXTENSION_KEYS) {
      if (formatted.extensions?.[key] !== undefined) extensions[key] = formatted.extensions[key];
    }
    return { ...base, extensions };
  }
  onUnexpected?.(original ?? error);
  return { ...base, message: 'Internal server error', extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
}
