import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { PageGateways, startPageGateways } from '../testing/page-gateways';
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

  it('is off in production unless EXPLORER_ENABLED says otherwise', async () => {
    expect((await fetch(`${gateways.production.url}/explorer`)).status).toBe(404);
    expect((await fetch(`${gateways.production.url}/explorer/assets/graphiql.js`)).status).toBe(404);
    const navigation = await fetch(`${gateways.production.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(navigation.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${gateways.productionEnabled.url}/explorer`)).status).toBe(200);
    expect((await fetch(`${gateways.productionEnabled.url}/explorer/assets/react.js`)).status).toBe(200);
  });
});
