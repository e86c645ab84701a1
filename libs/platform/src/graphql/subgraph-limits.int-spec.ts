import { getIntrospectionQuery } from 'graphql';
import { createHash } from 'node:crypto';
import { RunningService, startService } from '../bootstrap/bootstrap';
import type { Logger } from '../logging/logger';
import { LOGGER } from '../logging/logger.token';
import { probeSubgraph } from '../testing/probe-subgraph';
import { TEST_SECRETS } from '../testing/test-environment';

interface Answer {
  readonly status: number;
  readonly body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

const nested = (depth: number): string => (depth === 0 ? 'level' : `next { ${nested(depth - 1)} }`);

/**
 * A subgraph reached directly (a development caller, or anything that got
 * past the network policy) meets the same limits as through the gateway,
 * each refusal naming its rule, and a request whose operation cannot run
 * over HTTP is the client's mistake, not a 500.
 */
describe('a subgraph’s own limits and refusals', () => {
  let service: RunningService;
  const logged: string[] = [];

  const post = async (payload: Record<string, unknown>): Promise<Answer> => {
    const response = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };

  beforeAll(async () => {
    service = await startService(probeSubgraph, {
      ...TEST_SECRETS,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: '0',
      MAX_DEPTH: '4',
      MAX_ALIASES: '3',
      MAX_COST: '30',
      MAX_FIELD_OVERLAP: '1000',
      MAX_INTROSPECTION_FIELDS: '200',
    });
    jest.spyOn(service.app.get<Logger>(LOGGER), 'error').mockImplementation((...args: unknown[]) => void logged.push(JSON.stringify(args)));
  });

  afterAll(async () => {
    await service?.stop();
  });

  const refusedFor = async (payload: Record<string, unknown>, rule: string) => {
    const answer = await post(payload);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ message: expect.any(String), extensions: { code: 'GRAPHQL_VALIDATION_FAILED', rule } }]);
    expect(answer.body.errors![0].message).not.toMatch(/syntax/i);
    return answer.body.errors![0].message;
  };

  it('refuses a field repeated two thousand times at one place before validating it, naming max-field-overlap', async () => {
    const message = await refusedFor({ query: `query U1 { probe { ${'level '.repeat(2_000)} } }` }, 'max-field-overlap');
    // The message is the shape check's, not the validator's: validating it would take about a second of this
    // process's CPU, refusing it a walk of the document (bench/abuse-limits.ts measures both against { __typename }).
    expect(message).toMatch(/^Field overlap limit of 1000 exceeded/);
  });

  it('names the rule of every other limit, without calling it a syntax error', async () => {
    await refusedFor({ query: `{ probe { ${nested(3)} } }` }, 'max-depth');
    await refusedFor({ query: '{ probe { a: level b: level c: level d: level } }' }, 'max-aliases');
    await refusedFor({ query: `{ probe { a: ${nested(2)} b: ${nested(2)} c: ${nested(2)} } }` }, 'max-cost');
    // Its own standard introspection is answered (tools read a subgraph's schema so), anything wider is not.
    expect((await post({ query: getIntrospectionQuery() })).body.data).toBeDefined();
    await refusedFor({ query: getIntrospectionQuery().replace('__schema {', 'again: __schema { types { ...FullType } } __schema {') }, 'max-introspection');
    const allowed = await post({ query: '{ probe { level next { level } } }' });
    expect(allowed.body).toEqual({ data: { probe: { level: 0, next: { level: 1 } } } });
  });

  it('answers an operationName the document does not define with 400 naming operationName, and logs nothing', async () => {
    const answer = await post({ query: 'query A { probe { level } }', operationName: 'B' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { message: 'No operation named "B". The document defines "A".', extensions: { code: 'BAD_USER_INPUT', field: 'operationName', rule: 'exists' } },
    ]);
  });

  it('asks for an operationName when the document holds several operations', async () => {
    const answer = await post({ query: 'query A { probe { level } } query B { probe { viewer } }' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'operationName', rule: 'required' });
    expect(answer.body.errors![0].message).toContain('"A", "B"');
    const chosen = await post({ query: 'query A { probe { level } } query B { probe { viewer } }', operationName: 'B' });
    expect(chosen.body).toEqual({ data: { probe: { viewer: 'anonymous' } } });
  });

  it('leaves automatic persisted queries to the gateway: any hash is PERSISTED_QUERY_NOT_SUPPORTED, so nothing a direct caller sends is kept', async () => {
    const query = '{ probe { level } }';
    const hash = createHash('sha256').update(query).digest('hex');
    const register = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    const byHash = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    const otherVersion = await post({ extensions: { persistedQuery: { version: 99, sha256Hash: 'x' } } });
    for (const answer of [register, byHash, otherVersion]) {
      expect(answer.body).toEqual({ errors: [{ message: 'PersistedQueryNotSupported', extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }] });
    }
  });

  it('refuses a subscription over HTTP, pointing at the live socket', async () => {
    const answer = await post({ query: 'subscription S { probe { level } }' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { message: expect.stringContaining('/graphql/ws'), extensions: { code: 'BAD_USER_INPUT', field: 'query', rule: 'operation-type' } },
    ]);
    expect(logged).toEqual([]);
  });
});
