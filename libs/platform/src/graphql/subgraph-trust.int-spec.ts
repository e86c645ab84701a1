import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '../auth/gateway-signature';
import { RunningService, startService } from '../bootstrap/bootstrap';
import { graphql } from '../testing/graphql-client';
import { probeSubgraph } from '../testing/probe-subgraph';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_SECRETS } from '../testing/test-environment';

const ENV = { LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS };
const QUERY = '{ probe { level clientAddress } }';
const FORGED_SECRET = 'not-the-gateway-secret-but-just-as-long!!';

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string; extensions: Record<string, unknown> }[] } };
}

function expectRefused(answer: Awaited<ReturnType<typeof post>>, reason: RegExp): void {
  expect(answer.status).toBe(401);
  expect(answer.body.data).toBeUndefined();
  expect(answer.body.errors).toEqual([
    {
      message: expect.stringMatching(/^This request did not come through the gateway: /),
      extensions: { code: 'UNAUTHENTICATED', field: GATEWAY_SIGNATURE_HEADER, rule: 'signed-by-gateway' },
    },
  ]);
  expect(answer.body.errors![0].message).toMatch(reason);
}

describe('a subgraph outside development serves only requests the gateway signed', () => {
  let service: RunningService;
  const body = JSON.stringify({ query: QUERY });

  beforeAll(async () => {
    service = await startService(probeSubgraph, { ...ENV, NODE_ENV: 'production' });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('refuses a request without a signature', async () => {
    expectRefused(await post(service.url, body), /no gateway signature/);
  });

  it('refuses a signature made with another secret', async () => {
    expectRefused(await post(service.url, body, { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(FORGED_SECRET, body) }), /does not match/);
  });

  it('refuses a real signature made for another body', async () => {
    const other = JSON.stringify({ query: '{ probe { level } }' });
    expectRefused(await post(service.url, body, { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, other) }), /does not match/);
  });

  it('refuses the same body re-serialized: the signature covers the bytes that arrived', async () => {
    const signature = signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body);
    expectRefused(await post(service.url, JSON.stringify({ query: QUERY }, null, 1), { [GATEWAY_SIGNATURE_HEADER]: signature }), /does not match/);
  });

  it('refuses a signed client address swapped for another', async () => {
    const signature = signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body, '203.0.113.9');
    expectRefused(
      await post(service.url, body, { [GATEWAY_SIGNATURE_HEADER]: signature, [GATEWAY_CLIENT_ADDRESS_HEADER]: '198.51.100.1' }),
      /does not match/,
    );
  });

  it('refuses a stale signature', async () => {
    const signature = signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body, '', Math.floor(Date.now() / 1000) - 3_600);
    expectRefused(await post(service.url, body, { [GATEWAY_SIGNATURE_HEADER]: signature }), /too old/);
  });

  it('guards every path Apollo answers, not only /graphql itself', async () => {
    for (const path of ['/graphql/', '/graphql/x', '/graphql/x/y', '/GRAPHQL', '/graphql/.', '/Graphql?x=1']) {
      const response = await fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect({ path, served: response.status === 200 }).toEqual({ path, served: false });
      if (response.status !== 404) expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
  });

  it('refuses an unsigned GET, which would otherwise slip past the body signature', async () => {
    const response = await fetch(`${service.url}/graphql?query=${encodeURIComponent(QUERY)}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(response.status).toBe(401);
  });

  it('serves a validly signed request and shows resolvers the address the gateway signed', async () => {
    const signed = await graphql(service.url, QUERY, {}, undefined, { clientAddress: '203.0.113.9' });
    expect(signed).toEqual({ status: 200, data: { probe: { level: 0, clientAddress: '203.0.113.9' } } });
    const withoutAddress = await graphql(service.url, QUERY);
    expect(withoutAddress.data).toEqual({ probe: { level: 0, clientAddress: null } });
  });

  it('answers nosniff on refusals and answers alike', async () => {
    const refused = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    const signed = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body) },
      body,
    });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps health open to probes without a signature', async () => {
    expect((await fetch(`${service.url}/health/live`)).status).toBe(200);
  });
});

describe('a subgraph in development', () => {
  let service: RunningService;
  const body = JSON.stringify({ query: QUERY });

  beforeAll(async () => {
    service = await startService(probeSubgraph, { ...ENV, NODE_ENV: 'development' });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('serves an unsigned request, and believes no address header that came with it', async () => {
    const answer = await post(service.url, body, { [GATEWAY_CLIENT_ADDRESS_HEADER]: '203.0.113.9' });
    expect(answer).toEqual({ status: 200, body: { data: { probe: { level: 0, clientAddress: null } } } });
  });

  it('still refuses a signature that is present and wrong', async () => {
    expectRefused(await post(service.url, body, { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(FORGED_SECRET, body) }), /does not match/);
  });

  it('serves a signed request with its signed address', async () => {
    const signed = await graphql(service.url, QUERY, {}, undefined, { clientAddress: '2001:db8::7' });
    expect(signed.data).toEqual({ probe: { level: 0, clientAddress: '2001:db8::7' } });
  });
});

describe('a subgraph applies the gateway\'s query limits itself', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(probeSubgraph, { ...ENV, NODE_ENV: 'test', MAX_DEPTH: '4', MAX_ALIASES: '3', MAX_COST: '20' });
  });

  afterAll(async () => {
    await service?.stop();
  });

  const nested = (levels: number) => `{ probe { ${'next { '.repeat(levels)}level${' }'.repeat(levels)} } }`;

  it('serves a query within the depth limit and refuses one past it', async () => {
    expect((await graphql(service.url, nested(2))).errors).toBeUndefined();
    const tooDeep = await graphql(service.url, nested(3));
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.data).toBeUndefined();
    expect(tooDeep.errors).toContainEqual({
      message: 'Query depth limit of 4 exceeded, found 5.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-depth' },
    });
  });

  it('counts __typename aliases toward the alias limit', async () => {
    expect((await graphql(service.url, '{ a: __typename b: __typename c: __typename }')).errors).toBeUndefined();
    const tooMany = await graphql(service.url, '{ a: __typename b: __typename c: __typename d: __typename }');
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors![0].message).toMatch(/Aliases limit of 3 exceeded, found 4/);
  });

  it('refuses a query over the cost limit', async () => {
    expect((await graphql(service.url, '{ probe { level } }')).errors).toBeUndefined();
    const costly = await graphql(
      service.url,
      '{ probe { level clientAddress viewer next { level clientAddress viewer next { level clientAddress viewer } } } }',
    );
    expect(costly.status).toBe(400);
    expect(costly.errors).toHaveLength(1);
    expect(costly.errors![0].message).toMatch(/Query Cost limit of 20 exceeded, found \d+/);
  });
});
