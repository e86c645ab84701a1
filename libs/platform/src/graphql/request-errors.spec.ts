import { ApolloServer, HeaderMap } from '@apollo/server';
import { buildSchema, getVariableValues, GraphQLError, OperationDefinitionNode, parse, specifiedRules, validate } from 'graphql';
import { formatGraphQLError } from '../errors/format-graphql-error';
import { inputPositionsRule } from './input-positions';
import { requestErrorOf, variableError } from './request-errors';

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

const setupSchema = buildSchema(`
  enum Difficulty { EASY HARD }
  input Stalker { name: String!, rank: Int }
  input SetupInput { stalkerCount: Int!, difficulty: Difficulty, stalkers: [Stalker!], note: String }
  type Query { setup(input: SetupInput!): String, page(first: Int, after: String): String }
`);

/** What a client is told for each error graphql-js's validation reports on `query`, mapped as every server maps it. */
function told(query: string) {
  const errors = validate(setupSchema, parse(query), [...specifiedRules, inputPositionsRule]);
  return errors.map((error) => formatGraphQLError({ message: error.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, error));
}

describe('an argument that does not fit, as a client is told it', () => {
  it('names the input path and the rule of a literal of the wrong type', () => {
    expect(told('{ setup(input: { stalkerCount: "two" }) }')).toEqual([
      {
        message: '"input.stalkerCount" expects Int!: Int cannot represent non-integer value: "two"',
        extensions: { code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'type' },
      },
    ]);
    expect(told('{ page(first: "ten") }')[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'type' });
  });

  it('follows list items, and tells an unknown enum value, a null where one is required and a missing field apart', () => {
    expect(told('{ setup(input: { stalkerCount: 2, stalkers: [{ name: "A" }, { name: "B", rank: "x" }] }) }')[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.stalkers[1].rank',
      rule: 'type',
    });
    expect(told('{ setup(input: { stalkerCount: 2, difficulty: MEDIUM }) }')[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.difficulty',
      rule: 'enum',
    });
    expect(told('{ setup(input: { stalkerCount: null }) }')[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'required' });
    expect(told('{ setup(input: { note: "x" }) }')[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'required' });
    expect(told('{ setup(input: { stalkerCount: 2, stalkers: [{ rank: 1 }] }) }')[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.stalkers[0].name',
      rule: 'required',
    });
  });

  it('names a missing argument, an unknown argument and an unknown input field', () => {
    expect(told('{ setup }')[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input', rule: 'required' });
    expect(told('{ page(last: 3) }')[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'last', rule: 'known-argument' });
    expect(told('{ setup(input: { stalkerCount: 2, colour: "red" }) }')[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.colour',
      rule: 'known-field',
    });
  });

  it('names the argument a variable of the wrong declared type is used for', () => {
    expect(told('query ($n: String) { setup(input: { stalkerCount: $n }) }')).toEqual([
      {
        message: 'Variable "$n" cannot be used for "input.stalkerCount", which expects Int!: declare it with that type.',
        extensions: { code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'type' },
      },
    ]);
  });

  it('leaves an error that is not about an argument as graphql-js wrote it', () => {
    expect(told('{ setup(input: { stalkerCount: $missing }) }')).toEqual([
      { message: 'Variable "$missing" is not defined.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
    ]);
    expect(told('{ nothing }')).toEqual([{ message: 'Cannot query field "nothing" on type "Query".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
  });
});

describe('the token limit, as a client is told it', () => {
  it('names the rule and does not call itself a syntax error', () => {
    const told = requestErrorOf({ message: 'Syntax Error: Document contains more that 2000 tokens. Parsing aborted.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, undefined);
    expect(told).toEqual({ message: expect.stringMatching(/^Token limit of 2000 exceeded/), extensions: { code: 'GRAPHQL_PARSE_FAILED', rule: 'max-tokens' } });
    expect(requestErrorOf({ message: 'Syntax Error: Unexpected <EOF>.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, undefined)).toBeUndefined();
  });
});

describe('an automatic persisted query Apollo Server cannot take, as a client is told it', () => {
  const unexpected: unknown[] = [];
  const server = new ApolloServer({
    typeDefs: 'type Query { games: [String!]! }',
    resolvers: { Query: { games: () => ['twom'] } },
    formatError: (formatted, error) => formatGraphQLError(formatted, error, (cause) => unexpected.push(cause)),
  });
  const send = async (body: Record<string, unknown>) => {
    const answer = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers: new HeaderMap([['content-type', 'application/json']]), search: '', body },
      context: async () => ({}),
    });
    return { status: answer.status, body: JSON.parse(answer.body.kind === 'complete' ? answer.body.string : '') as { errors?: { message: string; extensions: unknown }[] } };
  };

  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('tells a version other than 1 as PERSISTED_QUERY_NOT_SUPPORTED, which clients fall back from to sending the query', async () => {
    const answer = await send({ extensions: { persistedQuery: { version: 99, sha256Hash: 'x' } } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ message: expect.stringMatching(/^Only version 1 of automatic persisted queries is served/), extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }]);
  });

  it('tells a hash that is not the query’s as BAD_USER_INPUT on the hash, rule matches-query', async () => {
    const answer = await send({ query: '{ games }', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        message: expect.stringMatching(/^extensions\.persistedQuery\.sha256Hash is not the SHA-256 of the query/),
        extensions: { code: 'BAD_USER_INPUT', field: 'extensions.persistedQuery.sha256Hash', rule: 'matches-query' },
      },
    ]);
  });

  it('keeps Apollo’s own PERSISTED_QUERY_NOT_FOUND for a hash it has not seen, and logs none of them as unexpected', async () => {
    const answer = await send({ extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } });
    expect(answer.body.errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    expect(unexpected).toEqual([]);
  });

  it('still takes a resolver error of the same words for what it is: unexpected', () => {
    const told = formatGraphQLError({ message: 'provided sha does not match query', path: ['games'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }, new Error('provided sha does not match query'));
    expect(told.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
