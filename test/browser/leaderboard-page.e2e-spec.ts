import { randomBytes } from 'node:crypto';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { RunningPlatform, startPlatform } from './running-platform';
import { launchSystemChromium } from './system-chromium';

/**
 * The community leaderboard page in a real headless Chromium (Debian's,
 * driven by playwright-core) against the whole platform as `npm start` runs
 * it. Results go in through the public API, as a companion app sends them,
 * and the page must show them where the API ranks them.
 */

// Ports 14000 to 17095: below the kernel's ephemeral range (32768 up), where any process's outgoing
// connection or free-port pick could take one, and apart from the other platform tests' ranges.
const PORT_OFFSET = 10_000 + (process.pid % 200) * 10;
const BOSS_HUNT = 'stalker-zs:scenario:boss-hunt';
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { score } } }`;
const SIGN_IN = `mutation($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { accessToken player { id } } }`;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

interface Row {
  rank: number;
  player: string;
  score: number;
}

describe('the community leaderboard page in a browser', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every URL the browser asked for during the current test. */
  let requested: string[] = [];
  /** The page's own files as the gateway answered them during the current test. */
  let pageFiles: { path: string; status: number; headers: Record<string, string> }[] = [];

  async function signIn(name: string): Promise<string> {
    const answer = await graphql(platform.origin, SIGN_IN, { input: { deviceId: randomBytes(32).toString('base64url'), displayName: name } });
    expect(answer.errors).toBeUndefined();
    return answer.data!.signInWithDevice.accessToken;
  }

  async function submit(token: string, extraMinus: number): Promise<number> {
    const answer = await graphql(platform.origin, SUBMIT, { input: bossHuntVictory(extraMinus) }, token);
    expect(answer.errors).toBeUndefined();
    return answer.data!.submitZoneSurvivalResult.result.score;
  }

  async function open(path: string, viewport = { width: 1200, height: 900 }): Promise<Page> {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    page.on('request', (request) => requested.push(request.url()));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/leaderboard/')) pageFiles.push({ path, status: response.status(), headers: response.headers() });
    });
    await page.goto(`${platform.origin}${path}`);
    return page;
  }

  /**
   * Waits until `selector` matches an element containing `text`: the page
   * renders after its requests answer, so a check must wait for it (and
   * fails with a timeout when the text never comes).
   */
  async function shows(selector: string, text: string | RegExp): Promise<void> {
    await page.locator(selector, { hasText: text }).first().waitFor({ timeout: 15_000 });
  }

  /** The rows of the main board once it has settled (no "Loading…"). */
  async function boardRows(): Promise<Row[]> {
    await page.locator('#board-view .status-info').waitFor({ state: 'detached' });
    return page.locator('#board-view table.board tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cell = (name: string) => row.querySelector(`td.${name}`)!.textContent!;
        return { rank: Number(cell('rank')), player: cell('player'), score: Number(cell('score')) };
      }),
    );
  }

  beforeAll(async () => {
    // Settled, not all: when one fails the other is still kept, so afterAll can stop it and Jest can exit.
    const [started, launched] = await Promise.allSettled([startPlatform(isolation, PORT_OFFSET), launchSystemChromium()]);
    if (started.status === 'fulfilled') platform = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;
    // Seven players, seven different scores on the Boss Hunt board (20 + extra), with gaps for later results.
    const extras = { Anya: 0, Boris: 1, Chen: 3, Dasha: 4, Emil: 6, Fyodor: 7, Galya: 9 };
    // One at a time: concurrent submissions to scoring on its SQLite default can fail with an internal error.
    for (const [name, extra] of Object.entries(extras)) await submit(await signIn(name), extra);
  }, 120_000);

  beforeEach(() => {
    requested = [];
    pageFiles = [];
  });

  afterEach(async () => {
    for (const url of requested) expect(LOCAL_HOSTS.has(new URL(url).hostname)).toBe(true);
    await context?.close();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('loads only from this machine, with a strict policy and the right content types, and ranks a submitted result where the API does', async () => {
    await open('/leaderboard/');
    await page.locator('#board-scenario').selectOption(BOSS_HUNT);
    expect(await boardRows()).toEqual([
      { rank: 1, player: 'Galya', score: 29 },
      { rank: 2, player: 'Fyodor', score: 27 },
      { rank: 3, player: 'Emil', score: 26 },
      { rank: 4, player: 'Dasha', score: 24 },
      { rank: 5, player: 'Chen', score: 23 },
      { rank: 6, player: 'Boris', score: 21 },
      { rank: 7, player: 'Anya', score: 20 },
    ]);
    expect(page.url()).toContain(`scenario=${encodeURIComponent(BOSS_HUNT)}`);

    // A newcomer's 28 goes between Galya's 29 and Fyodor's 27.
    expect(await submit(await signIn('Hanna'), 8)).toBe(28);
    await page.reload();
    const rows = await boardRows();
    expect(rows).toHaveLength(8);
    expect(rows.slice(0, 3)).toEqual([
      { rank: 1, player: 'Galya', score: 29 },
      { rank: 2, player: 'Hanna', score: 28 },
      { rank: 3, player: 'Fyodor', score: 27 },
    ]);

    // The first load fetched every file (200); the reload revalidated them by ETag (304, no body and no type).
    const fetched = pageFiles.filter((file) => file.status === 200);
    expect(fetched.map((file) => file.path)).toEqual(expect.arrayContaining(['/leaderboard/', '/leaderboard/leaderboard.css', '/leaderboard/main.js']));
    for (const { path, status, headers } of pageFiles) {
      expect([200, 304]).toContain(status);
      const expected = path.endsWith('/') ? 'text/html' : path.endsWith('.css') ? 'text/css' : path.endsWith('.js') ? 'text/javascript' : 'image/svg+xml';
      if (status === 200) expect(headers['content-type']).toContain(expected);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).not.toMatch(/https?:|unsafe-inline|unsafe-eval|\*|data:/);
    }
    // The page reads the gateway's RateLimit headers and says where the reader stands.
    await shows('#rate-limit', /^\d+ of \d+ requests left this minute/);
  });

  it('pages through a board of more than one page with its cursors, forward and back', async () => {
    await open(`/leaderboard/?scenario=${encodeURIComponent(BOSS_HUNT)}&size=5`);
    const first = await boardRows();
    expect(first.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5]);
    await shows('#board-view .position', 'Ranks 1–5 of 8');

    await page.locator('#board-view .next-page').click();
    const second = await boardRows();
    expect(second.map((row) => row.rank)).toEqual([6, 7, 8]);
    expect(second.map((row) => row.player)).toEqual(['Chen', 'Boris', 'Anya']);
    expect(await page.locator('#board-view .next-page').isDisabled()).toBe(true);

    await page.locator('#board-view .previous-page').click();
    expect(await boardRows()).toEqual(first);
    expect(await page.locator('#board-view .previous-page').isDisabled()).toBe(true);
  });

  it('says so when a board is empty, and shows an unknown Scenario as a readable message while the rest of the page works', async () => {
    await open('/leaderboard/?stalkers=3&period=WEEK');
    await shows('#board-view .status-empty', 'No results on this board yet');
    expect(await page.locator('#board-view table').count()).toBe(0);

    await page.goto(`${platform.origin}/leaderboard/?scenario=stalker-zs%3Ascenario%3Ano-such-scenario`);
    await shows('#board-view .status-error', /This Scenario is not known to the leaderboards.*board\.scenarioId/);
    // The daily challenge beside it still loads, from the content API's names.
    await shows('#challenge-setup .challenge-scenario', /\S/);

    await page.locator('#board-scenario').selectOption('');
    const overall = await boardRows();
    expect(overall[0]).toEqual({ rank: 1, player: 'Galya', score: 29 });
    expect(await page.locator('#board-view .status-error').count()).toBe(0);
  });

  it('signs the browser in as a device and shows the reader their rank with the players around them', async () => {
    await open(`/leaderboard/?scenario=${encodeURIComponent(BOSS_HUNT)}`);
    await page.locator('#device-name').fill('Irina');
    await page.locator('#device-form button').click();
    await shows('#me-who', 'Irina');
    await shows('#me-status .status-empty', 'no result on this board yet');

    // The result comes from the reader's companion app: the same player, signed in by the page's stored token.
    // Strings, not functions: they run in the page, and the tests compile without the DOM's types.
    const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem('scriptbook.leaderboard.sign-in')).token`);
    expect(await submit(token, 5)).toBe(25);
    await page.reload();
    await shows('#me-status', 'You are ranked 5 of 9.');
    const mine = page.locator('#me-table tr.me');
    expect(await mine.locator('td.player').textContent()).toBe('Irina');
    expect(await mine.locator('td.rank').textContent()).toBe('5');
    expect(await page.locator('#me-table tbody tr').count()).toBe(9);
  });

  it('shows the daily challenge with its setup from the API and its own empty board', async () => {
    const expected = await graphql(platform.origin, `{ dailyChallenge { id scenarioId stalkerCount } game(id: "stalker-zs") { scenarios { id name } } }`);
    const challenge = expected.data!.dailyChallenge;
    const scenarioName = expected.data!.game.scenarios.find((s: { id: string }) => s.id === challenge.scenarioId).name;
    await open('/leaderboard/');
    await shows('#challenge-setup .challenge-scenario', scenarioName);
    expect(await page.locator('#challenge-setup .challenge-scenario').textContent()).toBe(scenarioName);
    expect(await page.locator('#challenge-setup .challenge-stalkers').textContent()).toBe(String(challenge.stalkerCount));
    await shows('#challenge-status', challenge.id);
    await shows('#challenge-board .status-empty', 'No one has submitted this challenge yet');
  });

  it('reports a lost connection and recovers when it returns', async () => {
    await open(`/leaderboard/?scenario=${encodeURIComponent(BOSS_HUNT)}`);
    await boardRows();
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await page.locator('#board-period').selectOption('SEASON');
    await shows('#board-view .status-error', 'cannot be reached');
    await page.unroute('**/graphql');
    await page.locator('#board-period').selectOption('WEEK');
    expect((await boardRows())[0]).toEqual({ rank: 1, player: 'Galya', score: 29 });
  });

  it('fits a 390 px phone screen without scrolling sideways', async () => {
    await open(`/leaderboard/?scenario=${encodeURIComponent(BOSS_HUNT)}`, { width: 390, height: 844 });
    expect(await boardRows()).toHaveLength(9);
    const widths = await page.evaluate<{ scroll: number; client: number }>(
      `({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })`,
    );
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const table = await page.locator('#board-view table.board').boundingBox();
    expect(table!.x).toBeGreaterThanOrEqual(0);
    expect(table!.x + table!.width).toBeLessThanOrEqual(390);
    for (const column of ['rank', 'player', 'score']) expect(await page.locator(`#board-view tbody tr:first-child td.${column}`).isVisible()).toBe(true);
  });
});
