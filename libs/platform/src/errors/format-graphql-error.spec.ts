import { GraphQLError } from 'graphql';
import { BadUserInputError, ConflictError, ServiceUnavailableError } from './domain-errors';
import { formatGraphQLError } from './format-graphql-error';

describe('formatGraphQLError', () => {
  it('gives a domain error its code, field and rule, and nothing else', () => {
    const original = new BadUserInputError('input.email', 'format', 'input.email: must be an email address');
    const wrapped = new GraphQLError(original.message, { originalError: original, path: ['registerPlayer'] });
    const formatted = formatGraphQLError({ message: wrapped.message, path: ['registerPlayer'], extensions: { stacktrace: ['x'] } }, wrapped);
    expect(formatted).toEqual({
      message: 'input.email: must be an email address',
      path: ['registerPlayer'],
      locations: undefined,
      extensions: { code: 'BAD_USER_INPUT', field: 'input.email', rule: 'format' },
    });
  });

  it('finds a domain error wrapped twice, as the gateway passes it on', () => {
    const original = new ConflictError('taken', { field: 'input.email', rule: 'unique' });
    const inner = new GraphQLError('taken', { originalError: original });
    const outer = new GraphQLError('taken', { originalError: inner });
    expect(formatGraphQLError({ message: 'taken' }, outer).extensions).toEqual({ code: 'CONFLICT', field: 'input.email', rule: 'unique' });
  });

  it('keeps the public code of a request error and drops everything else', () => {
    const formatted = formatGraphQLError(
      { message: 'Syntax Error', extensions: { code: 'GRAPHQL_PARSE_FAILED', stacktrace: ['at x'], serviceName: 'accounts' } },
      new GraphQLError('Syntax Error'),
    );
    expect(formatted.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
  });

  it('masks an unexpected error and hands the original to the logger', () => {
    const logged: unknown[] = [];
    const secret = new Error('connection string postgres://user:pw@db leaked');
    const formatted = formatGraphQLError(
      { message: secret.message, extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at db'] } },
      new GraphQLError(secret.message, { originalError: secret }),
      (error) => logged.push(error),
    );
    expect(formatted).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(formatted)).not.toContain('postgres://');
    expect(logged).toEqual([secret]);
  });

  it('tells the caller a dependency is unavailable, and still hands the error to the logger', () => {
    const logged: unknown[] = [];
    const outage = new ServiceUnavailableError('Group membership cannot be checked right now (Redis did not answer); nothing was changed, retry shortly');
    const formatted = formatGraphQLError({ message: outage.message }, new GraphQLError(outage.message, { originalError: outage }), (error) => logged.push(error));
    expect(formatted).toMatchObject({ message: outage.message, extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(logged).toEqual([outage]);
  });
});
