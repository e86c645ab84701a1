import { GATEWAY_CLIENT_ADDRESS_HEADER, Logger, LOGGER, RunningService, startService } from '@scriptbook/platform';
import { createHash } from 'node:crypto';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../gateway.app';
import { clockSubgraph, ledgerSubgraph } from '../testing/test-subgraphs';
import { TestSubgraph, TestSupergraph } from '../testing/test-supergraph';

const RATE_LIMIT = 5;
const PASSWORD = 'correct horse battery staple';

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: { data?: unknown; errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[] };
}

async function post(gateway: RunningService, payload: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

/** Rate windows are whole minutes; a test that counts requests starts early in one, waiting up to 15 s. */
async function startOfAWindow(): Promise<void> {
  const intoMinute = (Date.now() / 1000) % 60;
  if (intoMinute > 45) await new Promise((resolve) => setTimeout(resolve, (60 - intoMinute) * 1000 + 100));
}

/**
 * The public endpoint as clients and attackers meet it: which address a
 * request is counted against, what the answer's status and headers say,
 * and what an error may repeat back.
 */
describe('the gateway’s public endpoint', () => {
  const isolation = new TestIsolation();
  let clock: TestSubgraph;
  let ledger: TestSubgraph;
  let supergraph: TestSupergraph;
  let direct: RunningService;
  let behindProxy: RunningService;

  beforeAll(async () => {
    clock = await TestSubgraph.start(clockSubgraph);
    ledger = await TestSubgraph.start(ledgerSubgraph);
    supergraph = new TestSupergraph([clock, ledger]);
    const common = {
      SUPERGRAPH_PATH: supergraph.path,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      MAX_DEPTH: '2',
      MAX_ALIASES: '3',
      MAX_TOKENS: '60',
      BODY_LIMIT: '1kb',
    };
    direct = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', { ...common, CORS_ORIGINS: 'https://app.example, null', REDIS_PREFIX: `${isolation.redisPrefix}-direct` }),
    );
    behindProxy = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', { ...common, TRUSTED_PROXIES: 'loopback', REDIS_PREFIX: `${isolation.redisPrefix}-proxied` }),
    );
  });

  afterAll(async () => {
    await direct?.stop();
    await behindProxy?.stop();
    await clock?.stop();
    await ledger?.stop();
    supergraph?.remove();
    await isolation.cleanUp();
  });

  describe('rate limits and client addresses', () => {
    afterEach(() => isolation.cleanUp());

    it('counts a loopback peer as itself however it rotates X-Forwarded-For, when no proxy is trusted', async () => {
      await startOfAWindow();
      const answers: Answer[] = [];
      for (let i = 0; i <= RATE_LIMIT; i++) {
        answers.push(await post(direct, { query: '{ __typename }' }, { 'x-forwarded-for': `198.51.100.${i + 1}` }));
      }
      expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0']);
      const refused = answers[RATE_LIMIT];
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body.errors![0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter });
    }, 30_000);

    it('tells every answer the limit, what is left and when the window resets', async () => {
      const answer = await post(direct, { query: '{ __typename }' });
      expect(answer.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
      expect(Number(answer.headers.get('ratelimit-remaining'))).toBeLessThan(RATE_LIMIT);
      const reset = Number(answer.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    });

    it('believes a trusted proxy’s X-Forwarded-For: each client has its own bucket, and subgraphs learn its address', async () => {
      await startOfAWindow();
      for (let i = 0; i < RATE_LIMIT; i++) {
        expect((await post(behindProxy, { query: '{ __typename }' }, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
      }
      expect((await post(behindProxy, { query: '{ __typename }' }, { 'x-forwarded-for': '203.0.113.1' })).status).toBe(429);
      const other = await post(behindProxy, { query: '{ serverTime }' }, { 'x-forwarded-for': '10.9.9.9, 203.0.113.2' });
      expect(other.status).toBe(200);
      expect(other.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT - 1));
      expect(clock.received.at(-1)!.headers[GATEWAY_CLIENT_ADDRESS_HEADER]).toBe('203.0.113.2');
    }, 30_000);

    it('ignores a malformed or oversized X-Forwarded-For even from a trusted proxy, counting the peer instead', async () => {
      await startOfAWindow();
      const forged = ['not-an-ip', '203.0.113.9:443', `203.0.113.${'9'.repeat(200)}`, 'x'.repeat(4_000)];
      const remaining: (string | null)[] = [];
      for (const value of forged) {
        const answer = await post(behindProxy, { query: '{ serverTime }' }, { 'x-forwarded-for': value });
        expect(answer.status).toBe(200);
        remaining.push(answer.headers.get('ratelimit-remaining'));
        expect(clock.received.at(-1)!.headers[GATEWAY_CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
      }
      // One bucket, the peer's: none of the forged values became a key of its own.
      expect(remaining).toEqual(['4', '3', '2', '1']);
    }, 30_000);
  });

  describe('errors as the GraphQL-over-HTTP specification has them', () => {
    beforeAll(() => isolation.cleanUp());
    beforeEach(() => isolation.cleanUp());

    it('answers a syntax error with HTTP 400 and GRAPHQL_PARSE_FAILED', async () => {
      const answer = await post(direct, '{"query":"{"}');
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors![0].extensions!.code).toBe('GRAPHQL_PARSE_FAILED');
      expect(answer.body.errors![0].message).toMatch(/^Syntax Error/);
    });

    it('answers a query over the token limit with HTTP 400, GRAPHQL_PARSE_FAILED and the rule', async () => {
      const answer = await post(direct, { query: `{ ${Array.from({ length: 80 }, () => 'serverTime').join(' ')} }` });
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0].extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED', rule: 'max-tokens' });
    });

    it('answers a query over the depth limit with HTTP 400, GRAPHQL_VALIDATION_FAILED and the rule', async () => {
      expect((await post(direct, { query: '{ entries { id } }' })).status).toBe(200);
      const deep = await post(direct, { query: '{ entries { note { text } } }' });
      expect(deep.status).toBe(400);
      expect(deep.body.data).toBeUndefined();
      expect(deep.body.errors![0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-depth' });
    });

    it('counts __typename aliases toward the alias limit', async () => {
      const answer = await post(direct, { query: '{ a: __typename b: __typename c: __typename d: __typename }' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-aliases' });
    });

    it('answers HTTP 200 to a legacy client that accepts only application/json, as the specification asks', async () => {
      const answer = await post(direct, '{"query":"{"}', { accept: 'application/json' });
      expect(answer.status).toBe(200);
      expect(answer.body.errors![0].extensions!.code).toBe('GRAPHQL_PARSE_FAILED');
    });

    it('answers a GET longer than Node reads (16 kB) with 431 and a JSON error saying to send it as a POST', async () => {
      const query = `{ ${Array.from({ length: 2_000 }, () => 'serverTime').join(' ')} }`;
      const response = await fetch(`${direct.url}/graphql?${new URLSearchParams({ query })}`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(response.status).toBe(431);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ errors: [{ message: expect.stringContaining('send a long operation as a POST'), extensions: { code: 'BAD_REQUEST' } }] });
    });

    it('never repeats a password variable back when it does not fit its type', async () => {
      const mutation = 'mutation ($input: Credentials!) { check(input: $input) }';
      const unknownField = await post(direct, { query: mutation, variables: { input: { email: 'a@example.org', password: PASSWORD, remember: true } } });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input', rule: 'type' });
      expect(unknownField.body.errors![0].message).toMatch(/Field "remember" is not defined by type "Credentials"/);
      const wrongType = await post(direct, { query: mutation, variables: { input: { email: 'a@example.org', password: 31415926 } } });
      expect(wrongType.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: '$input.password', rule: 'type' });
      for (const answer of [unknownField, wrongType]) {
        const text = JSON.stringify(answer.body);
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain('31415926');
        expect(text).not.toContain('a@example.org');
      }
      expect(clock.received.some((request) => request.body.includes('check'))).toBe(false);
    });
  });

  describe('automatic persisted queries', () => {
    beforeEach(() => isolation.cleanUp());

    const persisted = (sha256Hash: unknown, version: unknown = 1) => ({ persistedQuery: { version, sha256Hash } });

    it('serves a query by its hash once sent with it, and tells an unknown hash, another version and a wrong hash apart, logging none of them', async () => {
      const errorLines = jest.spyOn(direct.app.get<Logger>(LOGGER), 'error');
      const query = '{ serverTime }';
      const hash = createHash('sha256').update(query).digest('hex');

      const unknown = await post(direct, { extensions: persisted(hash) });
      expect(unknown.body.errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
      expect((await post(direct, { query, extensions: persisted(hash) })).body.data).toEqual({ serverTime: expect.any(String) });
      expect((await post(direct, { extensions: persisted(hash) })).body.data).toEqual({ serverTime: expect.any(String) });

      const otherVersion = await post(direct, { extensions: persisted('x', 99) });
      expect(otherVersion.status).toBe(400);
      expect(otherVersion.body.errors).toEqual([{ message: expect.stringContaining('version 1'), extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }]);

      const wrongHash = await post(direct, { query, extensions: persisted('0'.repeat(64)) });
      expect(wrongHash.status).toBe(400);
      expect(wrongHash.body.errors).toEqual([
        { message: expect.any(String), extensions: { code: 'BAD_USER_INPUT', field: 'extensions.persistedQuery.sha256Hash', rule: 'matches-query' } },
      ]);
      expect(errorLines).not.toHaveBeenCalled();
      errorLines.mockRestore();
    });
  });

  describe('HTTP hygiene', () => {
    beforeEach(() => isolation.cleanUp());

    const withOrigin = (gateway: RunningService, origin: string) => post(gateway, { query: '{ __typename }' }, { origin });

    it('lets a configured origin read the answer and the rate-limit headers', async () => {
      const answer = await withOrigin(direct, 'https://app.example');
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(answer.headers.get('access-control-expose-headers')).toBe('RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Query-Cost, X-Query-Cost-Limit, ETag');
    });

    it('gives a foreign origin and the null origin no allow-origin header, even when null is configured', async () => {
      for (const origin of ['https://evil.example', 'null']) {
        expect((await withOrigin(direct, origin)).headers.get('access-control-allow-origin')).toBeNull();
        const preflight = await fetch(`${direct.url}/graphql`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('allows no origin by default outside development', async () => {
      expect((await withOrigin(behindProxy, 'https://app.example')).headers.get('access-control-allow-origin')).toBeNull();
    });

    it('sends nosniff on every answer, GraphQL or not, refused or not', async () => {
      const answers = [
        await fetch(`${direct.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }),
        await fetch(`${direct.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' }),
        await fetch(`${direct.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"query":"${'x'.repeat(2_000)}"}` }),
        await fetch(`${direct.url}/graphql`, { method: 'OPTIONS', headers: { origin: 'https://app.example' } }),
        await fetch(`${direct.url}/health/live`),
        await fetch(`${direct.url}/no-such-path`),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 400, 413, 204, 200, 404]);
      for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('marks answers to authenticated requests, to mutations and to queries of other subgraphs than content no-store', async () => {
      const authenticated = await post(direct, { query: '{ serverTime }' }, { authorization: 'Bearer some-token' });
      expect(authenticated.headers.get('cache-control')).toBe('no-store');
      const refused = await post(direct, '{"query":"{"}', { authorization: 'Bearer some-token' });
      expect(refused.headers.get('cache-control')).toBe('no-store');
      const mutation = await post(direct, { query: 'mutation { touch }' });
      expect(mutation.body.data).toEqual({ touch: 'touched' });
      expect(mutation.headers.get('cache-control')).toBe('no-store');
      // Only content-only answers over GET may be kept (see caching/); this supergraph has no content subgraph.
      const anonymous = await post(direct, { query: '{ serverTime }' });
      expect(anonymous.headers.get('cache-control')).toBe('no-store');
      expect(anonymous.headers.get('etag')).toBeNull();
    });
  });
});
