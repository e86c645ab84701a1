import { RunningService, startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { contentApp } from '../../../content/src/content.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../testing/gateway-over-live-subgraphs';

const ORIGIN = 'https://app.example';
const COST_LIMIT = 10;
/** Under the limit: one list of one scalar. */
const CHEAP = '{ games { id } }';
/** Over it: the games with each game's scenarios. */
const DEAR = '{ games { id name scenarios { id name } } }';

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[]; extensions?: { limits?: Record<string, unknown> } };
}

/**
 * A client refused for what its operation costs is still told the cost and
 * its limits, the same way as on an answer that went through: in headers a
 * browser script may read, and in `extensions.limits`. Real gateway, real
 * content subgraph, real Redis.
 */
describe('the cost and limits on an operation refused for its cost', () => {
  const isolation = new TestIsolation();
  let content: RunningService;
  let running: GatewayOverLiveSubgraphs;

  const post = async (query: string): Promise<Answer> => {
    const response = await fetch(`${running.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', origin: ORIGIN },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  };

  beforeAll(async () => {
    content = await startService(contentApp, isolation.postgresEnv('content'));
    running = await startGatewayOverLiveSubgraphs(isolation, { content }, { MAX_COST: String(COST_LIMIT), RATE_LIMIT_PER_MINUTE: '100', CORS_ORIGINS: ORIGIN });
  });

  afterAll(async () => {
    await running?.stop();
    await content?.stop();
    await isolation.cleanUp();
  });

  it('answers 400 with the cost it measured, the cost limit and the rate-limit standing, in readable headers and in extensions.limits', async () => {
    const refused = await post(DEAR);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors![0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-cost' });

    const cost = Number(refused.headers.get('x-query-cost'));
    expect(cost).toBeGreaterThan(COST_LIMIT);
    expect(refused.body.errors![0].message).toContain(`found ${cost}`);
    expect(refused.headers.get('x-query-cost-limit')).toBe(String(COST_LIMIT));
    expect(refused.headers.get('ratelimit-limit')).toBe('100');
    expect(refused.body.extensions!.limits).toEqual({
      cost,
      costLimit: COST_LIMIT,
      rateLimit: { limit: 100, remaining: Number(refused.headers.get('ratelimit-remaining')), reset: Number(refused.headers.get('ratelimit-reset')) },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const exposed = refused.headers.get('access-control-expose-headers')!.split(',').map((name) => name.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(['x-query-cost', 'x-query-cost-limit', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']));
  });

  it('reports an operation under the limit the same way, so a client can see how close it is', async () => {
    const accepted = await post(CHEAP);
    expect(accepted.status).toBe(200);
    const cost = Number(accepted.headers.get('x-query-cost'));
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThanOrEqual(COST_LIMIT);
    expect(accepted.body.extensions!.limits).toMatchObject({ cost, costLimit: COST_LIMIT });
  });
});
