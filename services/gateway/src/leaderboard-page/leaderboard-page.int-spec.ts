import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { PageGateways, startPageGateways } from '../testing/page-gateways';
import { findPageDirectory } from './leaderboard-page-files';

/**
 * The built page (npm test builds before it runs the tests) served by the
 * gateway: on in development, off in production unless asked for, static
 * files only, each with its type and a same-origin-only policy.
 */
describe('the leaderboard page files', () => {
  const isolation = new TestIsolation();
  let gateways: PageGateways;

  beforeAll(async () => {
    if (!findPageDirectory()) throw new Error('dist/web/leaderboard is missing: run `npm run build` (npm test does) first');
    gateways = await startPageGateways(isolation, 'LEADERBOARD_PAGE_ENABLED');
  }, 60_000);

  afterAll(async () => {
    await gateways?.stop();
    await isolation.cleanUp();
  });

  it('serves the page and every file it links with its type, nosniff and a policy that allows only this origin', async () => {
    const page = await fetch(`${gateways.development.url}/leaderboard/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*|data:/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<style|style=|https?:\/\//);
    const linked = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(linked).toEqual(expect.arrayContaining(['main.js', 'leaderboard.css']));
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' };
    for (const file of linked) {
      const answer = await fetch(`${gateways.development.url}/leaderboard/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(types[file.split('.').pop()!]);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      // Module imports are relative and stay on this origin too.
      const text = await answer.text();
      for (const [, target] of text.matchAll(/from '([^']+)'/g)) expect(target).toMatch(/^\.\/[\w-]+\.js$/);
    }
  });

  it('revalidates by ETag, sends /leaderboard to the folder, and refuses anything but reading known files', async () => {
    const first = await fetch(`${gateways.development.url}/leaderboard/main.js`);
    const again = await fetch(`${gateways.development.url}/leaderboard/main.js`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const bare = await fetch(`${gateways.development.url}/leaderboard?scenario=x`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/leaderboard/?scenario=x');
    expect((await fetch(`${gateways.development.url}/leaderboard/unknown.js`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/leaderboard/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/leaderboard/tsconfig.json`)).status).toBe(404);
    expect((await fetch(`${gateways.development.url}/leaderboard/`, { method: 'POST' })).status).toBe(405);
  });

  it('is off in production unless LEADERBOARD_PAGE_ENABLED says otherwise', async () => {
    expect((await fetch(`${gateways.production.url}/leaderboard/`)).status).toBe(404);
    expect((await fetch(`${gateways.production.url}/leaderboard/main.js`)).status).toBe(404);
    expect((await fetch(`${gateways.productionEnabled.url}/leaderboard/`)).status).toBe(200);
    expect((await fetch(`${gateways.productionEnabled.url}/leaderboard/main.js`)).status).toBe(200);
  });
});
