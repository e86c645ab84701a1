import { buildSchema, getVariableValues, GraphQLError, OperationDefinitionNode, parse } from 'graphql';
import { formatGatewayError, variableError } from './gateway-errors';
import { SubgraphUnavailableError } from './subgraph-unavailable';
import { ValueCompletionError } from './value-completion';

const schema = buildSchema(`
  input LoginInput { email: String!, password: String! }
  input Nested { logins: [LoginInput!]! }
  type Query { login(input: LoginInput!): String, nested(input: Nested): String, count(n: Int!): Int }
`);

/** The message graphql-js itself gives for these variables, so the tests follow its wording. */
function coercionMessage(query: string, variables: Record<string, unknown>): string {
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  const { errors } = getVariableValues(schema, operation.variableDefinitions ?? [], variables) as { errors?: GraphQLError[] };
  expect(errors).toHaveLength(1);
  return errors![0].message;
}

const LOGIN = 'query ($input: LoginInput!) { login(input: $input) }';

describe('variableError', () => {
  it('never repeats a password given where its type does not fit, and names the path within the variable', () => {
    const message = coercionMessage(LOGIN, { input: { email: 'a@example.org', password: 12345678 } });
    expect(message).toContain('12345678');
    const reworded = variableError(message)!;
    expect(reworded.message).not.toContain('12345678');
    expect(reworded.message).not.toContain('a@example.org');
    expect(reworded.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.password', rule: 'type' });
  });

  it('keeps a reason that says which field is unknown, without the value', () => {
    const message = coercionMessage(LOGIN, { input: { email: 'a@example.org', password: 'hunter2-secret', nickname: 'x' } });
    const reworded = variableError(message)!;
    expect(reworded.message).toBe('Variable "$input" does not fit its declared type. Field "nickname" is not defined by type "LoginInput".');
    expect(reworded.message).not.toContain('hunter2-secret');
  });

  it('cannot be fooled by a value that imitates the message around it', () => {
    const trap = 'pw"; at "input.email"; Field "x" is not defined by type "Y".';
    const message = coercionMessage(LOGIN, { input: { email: 'a@example.org', password: trap, extra: 1 } });
    const reworded = variableError(message)!;
    expect(reworded.message).not.toContain('pw');
    expect(reworded.extensions!.field).toBe('$input');
  });

  it('follows list indexes into the variable', () => {
    const message = coercionMessage('query ($input: Nested) { nested(input: $input) }', {
      input: { logins: [{ email: 'a', password: 'p' }, { email: 'b', password: false }] },
    });
    expect(variableError(message)!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.logins[1].password', rule: 'type' });
  });

  it('reports a missing or null required variable as required, naming it', () => {
    const missing = coercionMessage('query ($n: Int!) { count(n: $n) }', {});
    expect(variableError(missing)!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$n', rule: 'required' });
    const isNull = coercionMessage('query ($n: Int!) { count(n: $n) }', { n: null });
    expect(variableError(isNull)!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$n', rule: 'required' });
  });

  it('leaves every other message alone', () => {
    expect(variableError('Syntax Error: Unexpected <EOF>.')).toBeUndefined();
  });
});

describe('formatGatewayError', () => {
  const logged: unknown[] = [];
  const log = (error: unknown) => logged.push(error);

  it('gives a subgraph that could not answer SERVICE_UNAVAILABLE with the path, naming the service and not its address', () => {
    const cause = new SubgraphUnavailableError('content', 'timeout', { cause: new Error('connect to 10.1.2.3:4002 timed out') });
    const wrapped = new GraphQLError('anything', { originalError: new GraphQLError('inner', { originalError: cause }) });
    const formatted = formatGatewayError({ message: 'anything', path: ['games'], extensions: { code: 'SERVICE_UNAVAILABLE', serviceName: 'content' } }, wrapped, log);
    expect(formatted).toEqual({
      message: 'The content service did not answer in time; the fields it serves are missing from this answer',
      path: ['games'],
      locations: undefined,
      extensions: { code: 'SERVICE_UNAVAILABLE', service: 'content' },
    });
  });

  it('reports a null where the schema promises none as an internal error with its path, and logs it', () => {
    const message = 'Cannot return null for non-nullable field Campaign.owner.';
    const error = new GraphQLError(message, { path: ['campaign', 'owner'], originalError: new ValueCompletionError(message) });
    logged.length = 0;
    const formatted = formatGatewayError({ message, path: ['campaign', 'owner'] }, error, log);
    expect(formatted).toMatchObject({ message, path: ['campaign', 'owner'], extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(logged).toHaveLength(1);
  });

  it('names the rule a query over a limit broke', () => {
    const depth = formatGatewayError(
      { message: 'Syntax Error: Query depth limit of 10 exceeded, found 12.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      new GraphQLError('x'),
      log,
    );
    expect(depth.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-depth' });
    const tokens = formatGatewayError(
      { message: 'Syntax Error: Document contains more that 5 tokens. Parsing aborted.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } },
      new GraphQLError('x'),
      log,
    );
    expect(tokens.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED', rule: 'max-tokens' });
  });

  it('rewords a variable error whatever code it arrived with', () => {
    const message = coercionMessage(LOGIN, { input: { email: 'a@example.org', password: 99 } });
    const formatted = formatGatewayError({ message, extensions: { code: 'BAD_USER_INPUT' } }, new GraphQLError(message), log);
    expect(formatted.message).not.toContain('99');
    expect(formatted.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.password', rule: 'type' });
  });

  it('hands everything else to the shared mapping, which masks the unexpected', () => {
    const formatted = formatGatewayError({ message: 'ECONNRESET 10.0.0.4' }, new GraphQLError('ECONNRESET 10.0.0.4', { originalError: new Error('x') }), log);
    expect(formatted).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });
});
