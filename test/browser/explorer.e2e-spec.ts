import { Browser, Page } from 'playwright-core';
import { RunningService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { GatewayAndBrowser, startGatewayAndBrowser } from './gateway-and-browser';

/**
 * Issue 14's "done when": a browser on a machine with no internet opens the
 * explorer and runs a query. Chromium's own background traffic is off
 * (system-chromium.ts), so every request seen here is one the page made, and
 * each must stay on this machine: GraphiQL, React and their styles come from
 * the gateway's own assets, never a CDN.
 */
describe('the API explorer in a real browser', () => {
  const isolation = new TestIsolation();
  let running: GatewayAndBrowser;
  let gateway: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    running = await startGatewayAndBrowser(isolation, { NODE_ENV: 'development' });
    ({ gateway, browser } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
    await isolation.cleanUp();
  });

  /** Types a query into GraphiQL's editor, runs it and returns what the response pane shows. */
  async function run(page: Page, query: string): Promise<string> {
    const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
    await editor.waitFor({ timeout: 20_000 });
    await editor.evaluate((element, text) => (element as unknown as { CodeMirror: { setValue(value: string): void } }).CodeMirror.setValue(text), query);
    await page.locator('.graphiql-execute-button').click();
    const response = page.locator('.graphiql-response .CodeMirror-code').first();
    await response.filter({ hasText: '"data"' }).waitFor({ timeout: 20_000 });
    return response.innerText();
  }

  for (const path of ['/explorer', '/graphql']) {
    it(`opens at ${path} and runs a query with every request on this machine`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const urls: string[] = [];
      const failed: string[] = [];
      page.on('request', (request) => urls.push(request.url()));
      page.on('requestfailed', (request) => failed.push(request.url()));
      try {
        // A browser navigating to /graphql asks for text/html first and gets the explorer too.
        await page.goto(`${gateway.url}${path}`);
        const shown = await run(page, '{ echo(text: "no internet needed") serverTime }');
        expect(shown).toContain('"echo": "no internet needed"');
        expect(shown).toContain('"serverTime": "12:00"');
        expect(failed).toEqual([]);
        const hosts = new Set(urls.map((url) => new URL(url).hostname));
        expect([...hosts]).toEqual(['127.0.0.1']);
        // The query went to the gateway's own endpoint, from the page's own origin.
        expect(urls).toContain(`${gateway.url}/graphql`);
      } finally {
        await context.close();
      }
    });
  }
});
