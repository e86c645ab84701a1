import { buildClientSchema, buildSchema, IntrospectionQuery, printType } from 'graphql';
import { startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gatewayApp } from '../gateway.app';
import { readPublishedSchema } from '../supergraph/supergraph-file';
import { PageGateways, startPageGateways } from '../testing/page-gateways';
import { clockSubgraph } from '../testing/test-subgraphs';
import { TestSubgraph, TestSupergraph } from '../testing/test-supergraph';
import { EXPLORER_ASSET_NAMES } from './explorer-assets';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** GraphiQL served by the gateway from its own npm packages, on in development and off in production unless asked for. */
describe('the API explorer', () => {
  const isolation = new TestIsolation();
  let gateways: PageGateways;

  beforeAll(async () => {
    gateways = await startPageGateways(isolation, 'EXPLORER_ENABLED');
  }, 60_000);

  afterAll(async () => {
    await gateways?.stop();
    await isolation.cleanUp();
  });

  it('serves the page with a same-origin-only policy, and every file it names with its content type', async () => {
    const page = await fetch(`${gateways.development.url}/explorer`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*/);
    const html = await page.text();
    const urls = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(urls.length).toBe(EXPLORER_ASSET_NAMES.length);
    expect(html).not.toMatch(/<script>|style=/);
    for (const url of urls) {
      expect(url).toMatch(/^\/explorer\/assets\/[\w.-]+$/);
      const asset = await fetch(`${gateways.development.url}${url}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe(url.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
      expect((await asset.text()).length).toBeGreaterThan(0);
    }
    expect((await fetch(`${gateways.development.url}/explorer/assets/unknown.js`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/explorer`, { method: 'POST' })).status).toBe(405);
  });

  it('answers a browser navigating to /graphql with the page, and every API request with GraphQL as before', async () => {
    const navigation = await fetch(`${gateways.development.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(navigation.status).toBe(200);
    expect(navigation.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const simpleGet = await fetch(`${gateways.development.url}/graphql?query=${encodeURIComponent('{ serverTime }')}`, { headers: { accept: BROWSER_ACCEPT } });
    expect(simpleGet.status).toBe(400);
    expect(simpleGet.headers.get('content-type')).toMatch(/json/);
  });

  it('gives GraphiQL the whole schema as a file, which /graphql does not answer in one introspection, with the Subscription /graphql/ws serves', async () => {
    const file = await fetch(`${gateways.development.url}/explorer/schema.json`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const schema = buildClientSchema((await file.json()) as IntrospectionQuery);
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(expect.arrayContaining(['serverTime', 'echo']));
    // The supergraph served here has no campaigns; the live root comes from the published schema, as it is served beside any supergraph.
    const published = buildSchema(readPublishedSchema());
    expect(printType(schema.getSubscriptionType()!)).toBe(printType(published.getSubscriptionType()!));
    expect(printType(schema.getType('CampaignChangedEvent')!)).toBe(printType(published.getType('CampaignChangedEvent')!));
    const again = await fetch(`${gateways.development.url}/explorer/schema.json`, { headers: { 'if-none-match': file.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const script = await (await fetch(`${gateways.development.url}/explorer/assets/start.js`)).text();
    expect(script).toContain("fetch('/explorer/schema.json'");
  });

  it('is off in production unless EXPLORER_ENABLED says otherwise', async () => {
    expect((await fetch(`${gateways.production.url}/explorer`)).status).toBe(404);
    expect((await fetch(`${gateways.production.url}/explorer/assets/graphiql.js`)).status).toBe(404);
    const navigation = await fetch(`${gateways.production.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(navigation.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${gateways.productionEnabled.url}/explorer`)).status).toBe(200);
    expect((await fetch(`${gateways.productionEnabled.url}/explorer/assets/react.js`)).status).toBe(200);
  });
});

describe('the explorer with introspection off', () => {
  const isolation = new TestIsolation();

  it('serves the page but not the schema file, which says what introspection would', async () => {
    const clock = await TestSubgraph.start(clockSubgraph);
    const supergraph = new TestSupergraph([clock]);
    const gateway = await startService(
      gatewayApp,
      isolation.postgresEnv('gateway', { SUPERGRAPH_PATH: supergraph.path, NODE_ENV: 'development', INTROSPECTION: 'false' }),
    );
    try {
      expect((await fetch(`${gateway.url}/explorer`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/explorer/schema.json`)).status).toBe(404);
    } finally {
      await gateway.stop();
      await clock.stop();
      supergraph.remove();
      await isolation.cleanUp();
    }
  });
});
