import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { PageGateways, startPageGateways } from '../testing/page-gateways';
import { findPlayPageDirectory } from './play-page-files';

/**
 * The built table screen (npm test builds before it runs the tests) served
 * by the gateway: on in development, off in production unless asked for,
 * static files only, each with its type and a same-origin-only policy.
 */
describe('the table screen files', () => {
  const isolation = new TestIsolation();
  let gateways: PageGateways;

  beforeAll(async () => {
    if (!findPlayPageDirectory()) throw new Error('dist/web/play is missing: run `npm run build` (npm test does) first');
    gateways = await startPageGateways(isolation, 'PLAY_PAGE_ENABLED');
  }, 60_000);

  afterAll(async () => {
    await gateways?.stop();
    await isolation.cleanUp();
  });

  it('serves the page, every file it links and its offline worker with their types, nosniff and a policy that allows only this origin', async () => {
    const page = await fetch(`${gateways.development.url}/play/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).not.toMatch(/https?:|wss?:|unsafe-inline|unsafe-eval|\*|data:|blob:/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<style|style=|https?:\/\//);
    const linked = [...html.matchAll(/(?:src|href)="([^"#]+)"/g)].map((match) => match[1]);
    expect(linked.sort()).toEqual(['favicon.svg', 'main.js', 'play.css']);
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };
    for (const file of [...linked, 'offline-worker.js']) {
      const answer = await fetch(`${gateways.development.url}/play/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(types[file.split('.').pop()!]);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe(policy);
      // One bundle each: no module is fetched from anywhere, not even from this origin.
      const text = await answer.text();
      if (file.endsWith('.js')) expect(text).not.toMatch(/\bimport\s*\(|\bimport\s*["']|\bfrom\s*["'][./]|https?:\/\//);
    }
  });

  it('revalidates by ETag, sends /play to the folder, and refuses anything but reading known files', async () => {
    const first = await fetch(`${gateways.development.url}/play/main.js`);
    const again = await fetch(`${gateways.development.url}/play/main.js`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const bare = await fetch(`${gateways.development.url}/play?campaign=x`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/play/?campaign=x');
    expect((await fetch(`${gateways.development.url}/play/unknown.js`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/play/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/play/tsconfig.json`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/play/`, { method: 'POST' })).status).toBe(405);
  });

  it('is off in production unless PLAY_PAGE_ENABLED says otherwise', async () => {
    expect((await fetch(`${gateways.production.url}/play/`)).status).toBe(404);
    expect((await fetch(`${gateways.production.url}/play/main.js`)).status).toBe(404);
    expect((await fetch(`${gateways.productionEnabled.url}/play/`)).status).toBe(200);
    expect((await fetch(`${gateways.productionEnabled.url}/play/offline-worker.js`)).status).toBe(200);
  });
});
