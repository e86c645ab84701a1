import { formatGraphQLError } from '@scriptbook/platform';
import type { GraphQLFormattedError } from 'graphql';
import { SERVICE_UNAVAILABLE, SubgraphUnavailableError } from './subgraph-unavailable';
import { ValueCompletionError } from './value-completion';

function causeOf<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current = error as { originalError?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    if (current instanceof type) return current;
    current = current.originalError as { originalError?: unknown } | undefined;
  }
  return undefined;
}

/**
 * The shared error mapping (`formatGraphQLError`, which also names the
 * field and rule of a bad variable or argument, never repeating a
 * variable's value) plus what only the gateway sees: a subgraph that could
 * not answer, and a null where the schema promises none.
 */
export function formatGatewayError(
  formatted: GraphQLFormattedError,
  error: unknown,
  onUnexpected: (error: unknown) => void,
): GraphQLFormattedError {
  const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };

  const unavailable = causeOf(error, SubgraphUnavailableError);
  if (unavailable) return { ...base, message: unavailable.message, extensions: { code: SERVICE_UNAVAILABLE, service: unavailable.service } };

  const incomplete = causeOf(error, ValueCompletionError);
  if (incomplete) {
    onUnexpected(incomplete);
    return { ...base, message: incomplete.message, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }

  return formatGraphQLError(formatted, error, onUnexpected);
}
