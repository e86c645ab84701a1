import { Browser, Page } from 'playwright-core';
import { RunningService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { GatewayAndBrowser, startGatewayAndBrowser } from './gateway-and-browser';

/**
 * The page against a real gateway whose per-minute allowance is tiny, so
 * its rate limit (in Redis) refuses the page within a few requests. The
 * gateway fronts a subgraph without the leaderboard fields, so its answers
 * are refusals too: the page must show both as readable messages.
 */
const ALLOWANCE = 4;

describe('the leaderboard page when the gateway slows it down', () => {
  const isolation = new TestIsolation();
  let running: GatewayAndBrowser;
  let gateway: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    running = await startGatewayAndBrowser(isolation, { RATE_LIMIT_PER_MINUTE: String(ALLOWANCE) });
    ({ gateway, browser } = running);
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
    await isolation.cleanUp();
  });

  async function shows(page: Page, selector: string, text: string | RegExp): Promise<void> {
    await page.locator(selector, { hasText: text }).first().waitFor({ timeout: 15_000 });
  }

  it('warns as the allowance runs out, shows the refusal with its wait, and keeps what it already showed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).hostname));
    try {
      // Loading asks three things (names, board, challenge): one request of the four is left.
      await page.goto(`${gateway.url}/leaderboard/`);
      await shows(page, '#rate-limit', `Slow down: 1 of ${ALLOWANCE} requests left this minute`);
      // A gateway without the leaderboard fields answers with GraphQL errors, shown as such.
      await shows(page, '#catalogue-status .status-error', 'Scenario and Map names are unavailable');
      await shows(page, '#board-view .status-error', 'The leaderboard service could not answer');

      await page.locator('#board-period').selectOption('SEASON');
      await shows(page, '#rate-limit', `Slow down: 0 of ${ALLOWANCE} requests left this minute`);
      await page.locator('#board-period').selectOption('WEEK');
      await shows(page, '#board-view .status-error', /Too many requests from this address\. Try again in \d+ s\./);

      // The other sections keep what they showed, and the form still answers.
      await shows(page, '#challenge-status .status-error', /\S/);
      expect(await page.locator('#board-period').isEnabled()).toBe(true);
      expect([...hosts]).toEqual(['127.0.0.1']);
    } finally {
      await context.close();
    }
  });
});
