import { Browser, BrowserContext, Page } from 'playwright-core';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { launchSystemChromium } from './system-chromium';

/**
 * Issue 22's browser test: the table screen at /play/ in Debian's Chromium
 * (playwright-core) against the whole platform as `npm start` runs it. Two
 * browser contexts are two devices of one group. One goes offline, acts,
 * reloads the page offline (the offline worker opens it, the SDK's outbox
 * brings back the waiting action) and comes back; both end with the same
 * state, and each saw the other's online actions live, without a reload.
 */

const PORT_OFFSET = platformPortOffset(13_000);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);
const WAIT = { timeout: 20_000 };

/** One browser context, one device: its page, and every address it asked for. */
interface Device {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly requested: string[];
  /** What the browser refused under the page's Content-Security-Policy: nothing, or the policy and the page disagree. */
  readonly refusedByPolicy: string[];
  /** The paths the offline worker asked the network for and did not get. */
  readonly workerFailed: string[];
}

describe('the table screen in a browser, two devices', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let browser: Browser;
  let ana: Device;
  let ben: Device;

  async function openDevice(): Promise<Device> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    const refusedByPolicy: string[] = [];
    const workerFailed: string[] = [];
    // Chromium reports the service worker's own requests to the context.
    context.on('requestfailed', (request) => {
      if (request.serviceWorker()) workerFailed.push(new URL(request.url()).pathname);
    });
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
    });
    await page.goto(`${platform.gatewayUrl}/play/`);
    // The offline worker keeps the page's files before the device may go offline.
    await shows(page, '#offline-ready', 'opens offline');
    return { context, page, requested, refusedByPolicy, workerFailed };
  }

  async function shows(page: Page, selector: string, text: string | RegExp): Promise<void> {
    await page.locator(selector, { hasText: text }).first().waitFor(WAIT);
  }

  async function signIn(device: Device, name: string): Promise<void> {
    await device.page.getByLabel('Your name').fill(name);
    await device.page.getByRole('button', { name: 'Sign in as this device' }).click();
    await shows(device.page, '#who', name);
  }

  /** Fills an action's form by its fields' labels and sends it with the keyboard, as a player without a mouse would. */
  async function act(page: Page, action: string, fields: Record<string, string>): Promise<void> {
    const form = page.locator(`form[data-action="${action}"]`);
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: false }).first().fill(value);
    await form.getByRole('button', { name: `Do ${action}` }).focus();
    await page.keyboard.press('Enter');
  }

  async function version(page: Page): Promise<number> {
    return Number(await page.locator('#campaign-version').textContent());
  }

  async function stateText(page: Page): Promise<string> {
    return page.locator('#campaign-state').innerText();
  }

  /** A value set in the page's own window: still there later means the page was never reloaded. */
  async function markPage(page: Page): Promise<void> {
    await page.evaluate(`window.notReloaded = true`);
  }

  async function stillMarked(page: Page): Promise<boolean> {
    return page.evaluate<boolean>(`window.notReloaded === true`);
  }

  async function settled(page: Page): Promise<void> {
    await shows(page, '#pending-count', 'Nothing waiting');
    await shows(page, '#sync-status', /^Online/);
  }

  beforeAll(async () => {
    // Settled, not all: when one fails the other is still kept, so afterAll can stop it and Jest can exit.
    const [started, launched] = await Promise.allSettled([
      startPlatform({ isolation, portOffset: PORT_OFFSET, env: { PLAY_PAGE_ENABLED: 'true' }, builtFiles: ['dist/web/play/index.html'] }),
      launchSystemChromium(),
    ]);
    if (started.status === 'fulfilled') platform = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;
    ana = await openDevice();
    ben = await openDevice();
  }, 150_000);

  afterAll(async () => {
    for (const device of [ana, ben]) {
      for (const url of device?.requested ?? []) expect(LOCAL_HOSTS.has(new URL(url).hostname)).toBe(true);
      expect(device?.refusedByPolicy ?? []).toEqual([]);
    }
    await browser?.close();
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('gathers two devices in a group: a code made on one, a wrong code refused with its rule, the right one joins', async () => {
    await signIn(ana, 'Ana');
    await signIn(ben, 'Ben');

    await ana.page.getByLabel("New group's name").fill('Thursday box');
    await ana.page.getByRole('button', { name: 'Make a group' }).click();
    await shows(ana.page, '#groups-message', 'Group Thursday box made');
    await ana.page.getByRole('button', { name: 'Make an invitation code' }).click();
    const code = (await ana.page.locator('#invite-code-value').textContent({ timeout: WAIT.timeout }))!;
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

    // A well-formed code no invitation has: NOT_FOUND on `code`, rule `exists`, and Ben is in no new group.
    await ben.page.getByLabel('Invitation code').fill('ABCDE-FGHJK');
    await ben.page.getByRole('button', { name: 'Join the group' }).click();
    await shows(ben.page, '#join-message .message-error', 'No invitation has this code');
    expect(await ben.page.locator('#join-message').innerText()).toContain('code NOT_FOUND, field code, rule exists');
    expect(await ben.page.locator('#group-select option').allTextContents()).not.toContain('Thursday box (member)');

    await ben.page.getByLabel('Invitation code').fill(code.toLowerCase());
    await ben.page.getByRole('button', { name: 'Join the group' }).click();
    await shows(ben.page, '#join-message', 'You are in Thursday box');
    // The joined group is picked, so its campaigns show.
    await shows(ben.page, '#campaigns-heading', 'Campaigns of Thursday box');
    expect(await ben.page.locator('#group-select option:checked').textContent()).toBe('Thursday box (member)');
  });

  it('starts a campaign on one device and opens it on the other, which sees the first one’s actions live', async () => {
    await ana.page.getByLabel('Game').selectOption('twom');
    await ana.page.getByLabel('Name', { exact: true }).fill('Winter siege');
    await ana.page.getByRole('button', { name: 'Start a campaign' }).click();
    await ana.page.locator('#table').waitFor({ state: 'visible', ...WAIT });
    await shows(ana.page, '#campaign-title', 'Winter siege');
    expect(new URL(ana.page.url()).searchParams.get('campaign')).toMatch(/\S/);

    await ben.page.getByRole('button', { name: 'Refresh', exact: true }).last().click();
    await ben.page.getByRole('link', { name: 'Winter siege' }).click();
    await ben.page.locator('form[data-action="add-resource"]').waitFor(WAIT);
    await shows(ben.page, '#sync-status', 'live updates on');
    expect(ben.page.url()).toBe(ana.page.url().replace(/\/play\/.*$/, `/play/?campaign=${new URL(ana.page.url()).searchParams.get('campaign')}`));
    await markPage(ben.page);

    await act(ana.page, 'add-resource', { Resource: 'Water', Amount: '2' });
    await settled(ana.page);
    // Ben's screen follows without a reload.
    await shows(ben.page, '#campaign-state dd[data-key="storage"]', 'Water');
    expect(await version(ben.page)).toBe(await version(ana.page));
    expect(await stillMarked(ben.page)).toBe(true);
  });

  it('acts offline, reloads offline from the outbox with the action still waiting, and converges once back online', async () => {
    await markPage(ana.page);
    await ben.context.setOffline(true);
    await act(ben.page, 'add-note', { Text: 'Water ran out' });
    await shows(ben.page, '#pending-count', '1 action waits for the server');
    await shows(ben.page, '#sync-status', 'Offline');
    // Shown at once, by the game's model on the device.
    await shows(ben.page, '#campaign-state', 'Water ran out');

    // Offline, the page itself comes from the offline worker, the campaign and its waiting action from IndexedDB.
    const reloaded = await ben.page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // The worker tried the network first and was refused: what opened is its kept copy.
    expect(ben.workerFailed).toEqual(expect.arrayContaining(['/play/', '/play/main.js', '/play/play.css']));
    await shows(ben.page, '#pending-count', '1 action waits for the server');
    await shows(ben.page, '#pending-list li', 'add-note (text Water ran out)');
    await shows(ben.page, '#campaign-title', 'Winter siege');
    await shows(ben.page, '#campaign-state', 'Water ran out');
    await shows(ben.page, '#sync-status', 'Offline');
    await shows(ben.page, '#groups-message .message-error', 'cannot be reached');
    // The forms come from the catalog this device kept.
    await ben.page.locator('form[data-action="add-note"]').waitFor(WAIT);

    // Meanwhile the table goes on online.
    await act(ana.page, 'add-character', { Character: 'Emira' });
    await settled(ana.page);
    expect(await stateText(ben.page)).not.toContain('Emira');

    await markPage(ben.page);
    await ben.context.setOffline(false);
    await settled(ben.page);
    await shows(ben.page, '#campaign-state', 'Emira');
    // Ana heard of Ben's note live, and both show one state at one version.
    await shows(ana.page, '#campaign-state', 'Water ran out');
    await settled(ana.page);
    expect(await version(ben.page)).toBe(await version(ana.page));
    expect(await stateText(ben.page)).toBe(await stateText(ana.page));
    expect(await stillMarked(ana.page)).toBe(true);
    expect(await stillMarked(ben.page)).toBe(true);
  });

  it('shows an action the server refuses with its reason, and one the device refuses without keeping it', async () => {
    const before = await version(ana.page);
    // Nothing of the kind in the Storage: the device warns, the server refuses with CONFLICT and says why.
    await act(ana.page, 'spend-resource', { Resource: 'Medicine', Amount: '1' });
    await shows(ana.page, '#rejections li', 'spend-resource (resource Medicine, amount 1) was refused: The Storage holds 0 Medicine, fewer than 1');
    expect(await ana.page.locator('#rejections li').first().innerText()).toContain('code CONFLICT, field args.amount, rule storage-below-zero');
    await shows(ana.page, 'form[data-action="spend-resource"] .action-message .message-error', 'was refused');
    await settled(ana.page);
    expect(await version(ana.page)).toBe(before);

    await ana.page.getByRole('button', { name: 'Dismiss the refusal of spend-resource' }).click();
    await ana.page.locator('#rejections li').waitFor({ state: 'detached', ...WAIT });

    // Args the action's schema refuses never reach the outbox: the same field and rule the server would give.
    await act(ana.page, 'add-resource', { Resource: 'Water', Amount: '0' });
    await shows(ana.page, 'form[data-action="add-resource"] .message-error', 'nothing was kept');
    expect(await ana.page.locator('form[data-action="add-resource"] .action-message').innerText()).toMatch(/field args\.amount, rule \S+/);
    expect(await ana.page.locator('#pending-list li').count()).toBe(0);
    expect(await version(ana.page)).toBe(before);
  });

  it('says so when the address names a campaign the player cannot open, in another tab of the same device', async () => {
    const tab = await ana.context.newPage();
    try {
      await tab.goto(`${platform.gatewayUrl}/play/?campaign=01900000-0000-7000-8000-000000000000`);
      await shows(tab, '#table-message .message-error', 'The campaign cannot be opened');
      expect(await tab.locator('#table-message').innerText()).toContain('code NOT_FOUND');
      // The tab shares the device's session: still signed in as Ana.
      await shows(tab, '#who', 'Ana');
    } finally {
      await tab.close();
    }
  });

  it('names every control for assistive technology, announces its status in live regions, and fits a 390 px phone screen', async () => {
    // Strings, not functions: they run in the page, and the tests compile without the DOM's types.
    const unnamed = await ana.page.evaluate<string[]>(
      `[...document.querySelectorAll('input, select, textarea, button')].filter((control) => !control.closest('[hidden]') && (control.labels?.length ?? 0) === 0 && !control.getAttribute('aria-label') && !(control.tagName === 'BUTTON' && control.textContent.trim())).map((control) => control.outerHTML)`,
    );
    expect(unnamed).toEqual([]);
    for (const region of ['#sync-status', '#pending-count', '#offline-ready']) expect(await ana.page.locator(region).getAttribute('role')).toBe('status');
    expect(await ana.page.locator('#rejections').getAttribute('aria-live')).toBe('assertive');

    await ana.page.setViewportSize({ width: 390, height: 844 });
    const widths = await ana.page.evaluate<{ scroll: number; client: number }>(`({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })`);
    // No element reaches past the screen's edge (named, so a failure says which).
    const past = await ana.page.evaluate<string[]>(
      `[...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > 390.5).map((element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : ''))`,
    );
    expect(past).toEqual([]);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});
