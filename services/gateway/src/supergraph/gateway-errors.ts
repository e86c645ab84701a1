import { formatGraphQLError } from '@scriptbook/platform';
import type { GraphQLFormattedError } from 'graphql';
import { SERVICE_UNAVAILABLE, SubgraphUnavailableError } from './subgraph-unavailable';
import { ValueCompletionError } from './value-completion';

const NAME = '[_A-Za-z][_0-9A-Za-z]*';
/** graphql-js's messages for a variable that does not fit its type; the second quotes the value itself. */
const MISSING_VARIABLE = new RegExp(`^Variable "\\$(${NAME})" of (?:required|non-null) type "[^"]+" (?:was not provided|must not be null)\\.$`);
const INVALID_VARIABLE = new RegExp(`^Variable "\\$(${NAME})" got invalid value `);
/** Reasons graphql-js gives that never contain the value; any other reason is dropped, as it may quote it. */
const VALUE_FREE_REASONS = [
  `Field "${NAME}" is not defined by type "${NAME}"\\.`,
  `Field "${NAME}" of required type "[^"]+" was not provided\\.`,
  `Expected type "${NAME}" to be an object\\.`,
  `Exactly one key must be specified for OneOf type "${NAME}"\\.`,
].map((reason) => new RegExp(`; (${reason})$`));

/** Which limit a rejected query broke, from graphql-armor's and graphql-js's messages. */
const LIMIT_RULES: [RegExp, string][] = [
  [/depth limit of \d+/i, 'max-depth'],
  [/aliases limit of \d+/i, 'max-aliases'],
  [/directives limit of \d+/i, 'max-directives'],
  [/cost limit of \d+/i, 'max-cost'],
  [/Document contains more th(?:an|at) \d+ tokens/, 'max-tokens'],
];

function causeOf<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current = error as { originalError?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    if (current instanceof type) return current;
    current = current.originalError as { originalError?: unknown } | undefined;
  }
  return undefined;
}

/**
 * The shared error mapping (`formatGraphQLError`) plus what only the
 * gateway sees: a subgraph that could not answer, a null where the schema
 * promises none, a variable that does not fit its type (whose value, maybe
 * a password, is never repeated back), and the rule a query over a limit
 * broke.
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

  const variable = variableError(formatted.message);
  if (variable) return { ...base, ...variable };

  const shared = formatGraphQLError(formatted, error, onUnexpected);
  const code = shared.extensions?.code;
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'GRAPHQL_PARSE_FAILED') {
    const rule = LIMIT_RULES.find(([pattern]) => pattern.test(shared.message))?.[1];
    if (rule) return { ...shared, extensions: { ...shared.extensions, rule } };
  }
  return shared;
}

/**
 * A variable coercion failure, reworded so that it never includes the value
 * sent. The message is read from its end, where graphql-js puts the reason
 * and the path within the variable, because the value in the middle can
 * contain anything.
 */
export function variableError(message: string): Pick<GraphQLFormattedError, 'message' | 'extensions'> | undefined {
  const missing = MISSING_VARIABLE.exec(message);
  if (missing) {
    return { message, extensions: { code: 'BAD_USER_INPUT', field: `$${missing[1]}`, rule: 'required' } };
  }
  const invalid = INVALID_VARIABLE.exec(message);
  if (!invalid) return undefined;
  const name = invalid[1];
  const known = VALUE_FREE_REASONS.map((pattern) => pattern.exec(message)).find(Boolean);
  const beforeReason = known ? message.slice(0, known.index) : message.slice(0, Math.max(0, message.lastIndexOf('; ')));
  const within = new RegExp(`at "${name}((?:\\.${NAME}|\\[\\d+\\])*)"$`).exec(beforeReason)?.[1] ?? '';
  const field = `$${name}${within}`;
  return {
    message: `Variable "${field}" does not fit its declared type.${known ? ` ${known[1]}` : ''}`,
    extensions: { code: 'BAD_USER_INPUT', field, rule: 'type' },
  };
}
