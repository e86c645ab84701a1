import type { ASTNode, GraphQLFormattedError } from 'graphql';
import { ErrorCode } from '../errors/domain-errors';
import { inputPositionOf } from './input-positions';
import { LimitRule } from './limit-refusal';

type Described = Pick<GraphQLFormattedError, 'message' | 'extensions'>;

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
/**
 * Apollo Server's refusals of an automatic persisted query it cannot take,
 * which carry no code of their own (they would be told as internal
 * errors). A version other than 1 gets the code Apollo's clients fall back
 * on (they stop hashing and send the query text); a hash that is not the
 * query's is the client's mistake in one field.
 */
const PERSISTED_QUERY_REFUSALS: Readonly<Record<string, Described>> = {
  'Unsupported persisted query version': {
    message: 'Only version 1 of automatic persisted queries is served: send extensions.persistedQuery.version 1 with the SHA-256 of the query, or the query text alone.',
    extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' },
  },
  'provided sha does not match query': {
    message: 'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it: hash the query text exactly as sent (lowercase hex), or leave the hash out.',
    extensions: { code: ErrorCode.BAD_USER_INPUT, field: 'extensions.persistedQuery.sha256Hash', rule: 'matches-query' },
  },
};

/** graphql-js's parser, stopped by the token limit. */
const TOO_MANY_TOKENS = /Document contains more th(?:an|at) (\d+) tokens/;

/** graphql-js's validation messages about arguments and input values, and what each one tells a client to fix. */
const VARIABLE_IN_WRONG_PLACE = new RegExp(`^Variable "\\$(${NAME})" (?:of type "([^"]+)" used in position expecting type "[^"]+"|is of type "[^"]+" but must be non-nullable to be used for OneOf Input Object "${NAME}")\\.$`);
const REQUIRED_FIELD_MISSING = new RegExp(`^Field "${NAME}\\.(${NAME})" of required type "([^"]+)" was not provided\\.$`);
const REQUIRED_ARGUMENT_MISSING = new RegExp(`^(?:Field "${NAME}"|Directive "@(${NAME})") argument "(${NAME})" of type "([^"]+)" is required, but it was not provided\\.$`);
const UNKNOWN_INPUT_FIELD = new RegExp(`^Field "${NAME}" is not defined by type "${NAME}"\\.`);
const UNKNOWN_ARGUMENT = new RegExp(`^Unknown argument "${NAME}" on (?:field|directive) `);
const ONE_OF = /^OneOf Input Object "[^"]+" must specify exactly one key\.$|^Field "[^"]+" used for OneOf Input Object "[^"]+" must be non-null\.$/;

/**
 * What the client is told about a request it got wrong, for the errors
 * GraphQL servers raise themselves without naming a field or a rule: a
 * variable or an argument that does not fit, the token limit, and an
 * automatic persisted query that cannot be taken. Undefined
 * for anything else. `nodes` are the AST nodes graphql-js attached to the
 * error, which locate an argument (see `inputPositionsRule`).
 */
export function requestErrorOf(formatted: GraphQLFormattedError, nodes: readonly ASTNode[] | undefined): Described | undefined {
  // Raised for the request as a whole, never at a field: a resolver's error of the same words stays unexpected.
  if (!formatted.path && Object.hasOwn(PERSISTED_QUERY_REFUSALS, formatted.message)) return PERSISTED_QUERY_REFUSALS[formatted.message];
  const variable = variableError(formatted.message);
  if (variable) return variable;
  const code = formatted.extensions?.code;
  const tokens = TOO_MANY_TOKENS.exec(formatted.message);
  if (tokens && code === 'GRAPHQL_PARSE_FAILED') {
    return {
      message: `Token limit of ${tokens[1]} exceeded: the operation is longer than the API accepts. Send a smaller operation, or split it.`,
      // The parser stops at the limit, so the document never parsed: the code stays the parser's.
      extensions: { code: 'GRAPHQL_PARSE_FAILED', rule: LimitRule.TOKENS },
    };
  }
  if (code === 'GRAPHQL_VALIDATION_FAILED' && !formatted.extensions?.rule) return argumentError(formatted.message, nodes ?? []);
  return undefined;
}

/**
 * A variable coercion failure, reworded so that it never includes the value
 * sent. The message is read from its end, where graphql-js puts the reason
 * and the path within the variable, because the value in the middle can
 * contain anything.
 */
export function variableError(message: string): Described | undefined {
  const missing = MISSING_VARIABLE.exec(message);
  if (missing) {
    return { message, extensions: { code: ErrorCode.BAD_USER_INPUT, field: `$${missing[1]}`, rule: 'required' } };
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
    extensions: { code: ErrorCode.BAD_USER_INPUT, field, rule: 'type' },
  };
}

/** A validation error about an argument or input value, with the path graphql-js leaves out; undefined if it is not one. */
function argumentError(message: string, nodes: readonly ASTNode[]): Described | undefined {
  const bad = (field: string, rule: string, text = message): Described => ({ message: text, extensions: { code: ErrorCode.BAD_USER_INPUT, field, rule } });

  const misplaced = VARIABLE_IN_WRONG_PLACE.exec(message);
  if (misplaced) {
    const usage = inputPositionOf(nodes[1]);
    if (!usage) return undefined;
    return bad(usage.path, 'type', `Variable "$${misplaced[1]}" cannot be used for "${usage.path}", which expects ${usage.expected ?? 'another type'}: declare it with that type.`);
  }
  const argument = REQUIRED_ARGUMENT_MISSING.exec(message);
  if (argument) return bad(argument[1] ? `@${argument[1]}.${argument[2]}` : argument[2], 'required');

  const position = inputPositionOf(nodes[0]);
  if (!position) return undefined;
  const requiredField = REQUIRED_FIELD_MISSING.exec(message);
  if (requiredField) return bad(`${position.path}.${requiredField[1]}`, 'required');
  if (UNKNOWN_INPUT_FIELD.test(message)) return bad(position.path, 'known-field');
  if (UNKNOWN_ARGUMENT.test(message)) return bad(position.path, 'known-argument');
  if (ONE_OF.test(message)) return bad(position.path, 'one-of');
  const node = nodes[0];
  // Any other error at a literal is about its value (graphql-js's, or a custom scalar's, parse); one at a variable is not (an undefined variable).
  if (!position.expected || node.kind === 'Variable' || node.kind === 'Argument' || node.kind === 'ObjectField') return undefined;
  const rule = node.kind === 'NullValue' && position.expected.endsWith('!') ? 'required' : position.enum ? 'enum' : 'type';
  return bad(position.path, rule, `"${position.path}" expects ${position.expected}: ${message}`);
}
