import { GraphQLError } from 'graphql';
import { formatGatewayError } from './gateway-errors';
import { SubgraphUnavailableError } from './subgraph-unavailable';
import { ValueCompletionError } from './value-completion';

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

  it('rewords a variable error through the shared mapping, never repeating the value', () => {
    const message = 'Variable "$input" got invalid value 99 at "input.password"; String cannot represent a non string value: 99';
    const formatted = formatGatewayError({ message, extensions: { code: 'BAD_USER_INPUT' } }, new GraphQLError(message), log);
    expect(formatted.message).not.toContain('99');
    expect(formatted.extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.password', rule: 'type' });
  });

  it('hands everything else to the shared mapping, which masks the unexpected', () => {
    const formatted = formatGatewayError({ message: 'ECONNRESET 10.0.0.4' }, new GraphQLError('ECONNRESET 10.0.0.4', { originalError: new Error('x') }), log);
    expect(formatted).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  });
});
