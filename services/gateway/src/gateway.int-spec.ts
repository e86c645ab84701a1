import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../accounts/src/accounts.app';
import { contentApp } from '../../content/src/content.app';
import { gatewayApp } from './gateway.app';


// Campaigns and scoring are left down on purpose: readiness must notice.
const UNREACHABLE = 'http://127.0.0.1:9/graphql';
const RATE_LIMIT = 60;

type Running = Pick<RunningService, 'url' | 'stop'>;

describe('the gateway in front of real subgraphs', () => {
  const isolation = new TestIsolation();
  const running: Running[] = [];
  let gateway: RunningService;
  let privateGateway: RunningService;

  beforeAll(async () => {
    const [accounts, content, rules] = await Promise.all([
      startService(accountsApp, isolation.postgresEnv('accounts')),
      startService(contentApp, isolation.postgresEnv('content')),
      startServiceProcess('services/rules/src/main.ts', isolation.postgresEnv('rules')),
    ]);
    running.push(accounts, content, rules);
    const urls = {
      ACCOUNTS_URL: `${accounts.url}/graphql`,
      CONTENT_URL: `${content.url}/graphql`,
      RULES_URL: `${rules.url}/graphql`,
      CAMPAIGNS_URL: UNREACHABLE,
      SCORING_URL: UNREACHABLE,
    };
    gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', { ...urls, BODY_LIMIT: '4kb', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), CORS_ORIGINS: 'https://app.example' }),
    );
    privateGateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', { ...urls, INTROSPECTION: 'false', REDIS_PREFIX: `${isolation.redisPrefix}-private` }),
    );
    running.push(gateway, privateGateway);
  });

  afterAll(async () => {
    for (const service of running.reverse()) await service.stop();
    await isolation.cleanUp();
  });

  it('serves games from content and dice from rules through one endpoint', async () => {
    const response = await graphql(gateway.url, `{ games { id name } rollDice(input: { die: D6, count: 4, seed: "gateway" }) { seed result { values } } }`);
    expect(response.errors).toBeUndefined();
    expect(response.data!.games.map((g: { id: string }) => g.id).sort()).toEqual(['hope-inhumanity', 'stalker-zs', 'twom']);
    const again = await graphql(gateway.url, `{ rollDice(input: { die: D6, count: 4, seed: "gateway" }) { result { values } } }`);
    expect(again.data!.rollDice.result.values).toEqual(response.data!.rollDice.result.values);
  });

  it('forwards the Authorization header so subgraphs see the player', async () => {
    const registered = await graphql(
      gateway.url,
      `mutation { registerPlayer(input: { email: "gw@example.org", password: "long enough", displayName: "Gw" }) { accessToken player { id } } }`,
    );
    const { accessToken, player } = registered.data!.registerPlayer;
    const me = await graphql(gateway.url, '{ me { id displayName } }', {}, accessToken);
    expect(me.data!.me).toEqual({ id: player.id, displayName: 'Gw' });
  });

  it('passes a subgraph error on with its code, field and rule, and no internals', async () => {
    const response = await graphql(
      gateway.url,
      `mutation { registerPlayer(input: { email: "nope", password: "long enough", displayName: "X" }) { accessToken } }`,
    );
    expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.email', rule: 'format' });
    expect(JSON.stringify(response)).not.toMatch(/stacktrace|serviceName/);
  });

  it('rejects a query over the depth limit before any subgraph runs', async () => {
    const deep = '{ me { a { b { c { d { e { f { g { h { i { j { k } } } } } } } } } } } }';
    const response = await graphql(gateway.url, deep);
    expect(response.data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(
      response.errors!.some((e) => /depth limit of 10/.test(e.message) && e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' && e.extensions.rule === 'max-depth'),
    ).toBe(true);
  });

  it('rejects too many aliases and a malformed query with a code', async () => {
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `g${i}: games { id }`).join(' ')} }`;
    const tooMany = await graphql(gateway.url, aliases);
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors![0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-aliases' } });
    expect(tooMany.errors![0].message).toMatch(/[Aa]liases/);

    const malformed = await graphql(gateway.url, '{ games { id ');
    expect(malformed.status).toBe(400);
    expect(malformed.errors![0].extensions!.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(malformed.errors![0].message).toMatch(/Syntax Error/);
  });

  it('refuses a body over the size limit in GraphQL’s error shape', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ games { id } } # ${'x'.repeat(8_000)}` }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ errors: [{ message: 'Request body is larger than 4kb', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('refuses a body that grows past the limit without declaring its length', async () => {
    const { request } = await import('node:http');
    const url = new URL(`${gateway.url}/graphql`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{"query":"{ games { id } }", "padding": "');
      req.write('x'.repeat(6_000));
      req.end('"}');
    });
    expect(status).toBe(413);
  });

  it('refuses a body that is not JSON, and a POST that is not JSON at all, with BAD_REQUEST', async () => {
    const post = (body: string, contentType: string) =>
      fetch(`${gateway.url}/graphql`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const broken = await post('{"query": "{ games { id } }"', 'application/json');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ errors: [{ message: 'Request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
    const text = await post('{ games { id } }', 'text/plain');
    expect(text.status).toBe(400);
    expect(((await text.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('serves queries over GET when the client proves it is not a simple cross-site request', async () => {
    const query = encodeURIComponent('{ games { id } }');
    const guarded = await fetch(`${gateway.url}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(guarded.status).toBe(200);
    expect(((await guarded.json()) as { data: { games: unknown[] } }).data.games).toHaveLength(3);
    const unguarded = await fetch(`${gateway.url}/graphql?query=${query}`);
    expect(unguarded.status).toBe(400);
  });

  it('tells a browser which origins may read the answer', async () => {
    const from = (origin: string) =>
      fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ query: '{ games { id } }' }),
      });
    const allowed = await from('https://app.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    const other = await from('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reports a subgraph that is down as SERVICE_UNAVAILABLE at its field, without its address, and keeps serving the rest', async () => {
    const response = await graphql(gateway.url, '{ myCampaigns(first: 1) { edges { node { id } } } }');
    expect(response.errors).toEqual([
      {
        message: 'The campaigns service could not be reached; the fields it serves are missing from this answer',
        path: ['myCampaigns'],
        extensions: { code: 'SERVICE_UNAVAILABLE', service: 'campaigns' },
      },
    ]);
    expect(JSON.stringify(response)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    const games = await graphql(gateway.url, '{ games { id } }');
    expect(games.errors).toBeUndefined();
  });

  it('answers CORS preflights for the configured origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${gateway.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    expect((await preflight('https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('can switch introspection and field suggestions off', async () => {
    const introspection = await graphql(privateGateway.url, '{ __schema { types { name } } }');
    expect(introspection.errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const typo = await graphql(privateGateway.url, '{ gamez { id } }');
    expect(typo.errors![0].message).not.toMatch(/Did you mean/);
    const open = await graphql(gateway.url, '{ __schema { queryType { name } } }');
    expect(open.data!.__schema.queryType.name).toBe('Query');
  });

  it('is live, reports not ready while a subgraph is down, and exports metrics on its own port only', async () => {
    expect((await fetch(`${gateway.url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/health/ready`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { checks: Record<string, { ok: boolean }> };
    expect(body.checks['subgraph:accounts'].ok).toBe(true);
    expect(body.checks['subgraph:campaigns'].ok).toBe(false);
    expect(body.checks['subgraph:scoring'].ok).toBe(false);
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);
    const metrics = await (await fetch(gateway.metricsUrl)).text();
    // One registry per process; here several services share this test's process.
    expect(metrics).toMatch(/graphql_operations_total\{operation="query",outcome="ok",service="[a-z]+"\} [1-9]\d*/);
  });

  it('limits each client per minute in Redis, answering RATE_LIMITED with a retry time', async () => {
    let limited: Response | undefined;
    for (let i = 0; i < RATE_LIMIT + 5 && !limited; i++) {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ games { id } }' }),
      });
      if (response.status === 429) limited = response;
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await limited!.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
