import { Browser, Page } from 'playwright-core';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { launchSystemChromium } from './system-chromium';

/**
 * Issue 23's browser test of the table screen's spectator mode, in Debian's
 * Chromium against the whole platform: a member's device starts a campaign
 * and makes a read-only share link; a second browser, never signed in,
 * opens the link's address and follows the member's actions live with no
 * control that could change anything; once a member revokes the link, the
 * spectator's screen stops and says so.
 */

const PORT_OFFSET = platformPortOffset(14_000);
const WAIT = { timeout: 20_000 };

describe('the table screen as a spectator of a share link, beside a device that acts', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let browser: Browser;
  let member: Page;
  let spectator: Page;
  const refusedByPolicy: string[] = [];

  const shows = (page: Page, selector: string, text: string | RegExp) => page.locator(selector, { hasText: text }).first().waitFor(WAIT);

  /** A GraphQL call through the gateway with the member's own session, as the page's SDK keeps it. */
  async function asMember(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
    const session = JSON.parse((await member.evaluate<string | null>(`localStorage.getItem('scriptbook.session')`))!) as { accessToken: string };
    const response = await fetch(`${platform.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data!;
  }

  async function act(page: Page, action: string, fields: Record<string, string>): Promise<void> {
    const form = page.locator(`form[data-action="${action}"]`);
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: false }).first().fill(value);
    await form.getByRole('button', { name: `Do ${action}` }).click();
  }

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startPlatform({ isolation, portOffset: PORT_OFFSET, env: { PLAY_PAGE_ENABLED: 'true' }, builtFiles: ['dist/web/play/index.html'] }),
      launchSystemChromium(),
    ]);
    if (started.status === 'fulfilled') platform = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;
    member = await (await browser.newContext()).newPage();
    spectator = await (await browser.newContext()).newPage();
    spectator.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
    });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('follows the campaign live with no sign-in and no controls, and stops when the link is revoked', async () => {
    await member.goto(`${platform.gatewayUrl}/play/`);
    await member.getByLabel('Your name').fill('Ana');
    await member.getByRole('button', { name: 'Sign in as this device' }).click();
    await shows(member, '#who', 'Ana');
    await member.getByLabel('Game').selectOption('twom');
    await member.getByLabel('Name', { exact: true }).fill('Shown in the kitchen');
    await member.getByRole('button', { name: 'Start a campaign' }).click();
    await member.locator('form[data-action="add-resource"]').waitFor(WAIT);
    const campaignId = new URL(member.url()).searchParams.get('campaign')!;

    const made = (await asMember(
      `mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token link { id } } }`,
      { input: { campaignId, label: 'Kitchen screen' } },
    )).createCampaignShareLink as { token: string; link: { id: string } };
    const address = new URL('/play/', platform.gatewayUrl);
    address.searchParams.set('campaign', campaignId);
    address.searchParams.set('share', made.token);
    await spectator.goto(address.href);

    await spectator.locator('#spectator-note').waitFor({ state: 'visible', ...WAIT });
    await shows(spectator, '#sync-status', 'live updates on');
    await shows(spectator, '#campaign-version', '0');
    // Nothing to sign in with, no groups, and no control that could change the campaign.
    for (const part of ['#device', '#groups', '#campaigns', '#actions-part', '#pending-part', '#rejections-part']) expect(await spectator.locator(part).isHidden()).toBe(true);
    expect(await spectator.locator('#table form, #table button, #table input, #table select').count()).toBe(0);
    await spectator.evaluate(`window.notReloaded = true`);

    await act(member, 'add-resource', { Resource: 'Water', Amount: '2' });
    await shows(member, '#pending-count', 'Nothing waiting');
    await shows(spectator, '#campaign-state dd[data-key="storage"]', 'Water');
    await shows(spectator, '#campaign-version', '1');
    expect(await spectator.evaluate<boolean>(`window.notReloaded === true`)).toBe(true);
    // The spectator's browser keeps no session of its own.
    expect(await spectator.evaluate<string | null>(`localStorage.getItem('scriptbook.session')`)).toBeNull();

    // Through the gateway, every other subgraph refuses the link for what needs a player, and answers it what it answers anyone.
    const withLink = async (query: string) =>
      (await (
        await fetch(`${platform.gatewayUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${made.token}` }, body: JSON.stringify({ query }) })
      ).json()) as { data?: Record<string, unknown> | null; errors?: { extensions?: Record<string, unknown> }[] };
    for (const query of ['{ me { id } }', '{ myGroups { edges { node { id } } } }', '{ myCampaigns { edges { node { id } } } }']) {
      expect({ query, extensions: (await withLink(query)).errors?.[0]?.extensions }).toEqual({ query, extensions: { code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' } });
    }
    expect((await withLink('{ games { id } }')).data?.games).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'twom' })]));

    await asMember(`mutation($id: ID!) { revokeCampaignShareLink(id: $id) { revokedAt } }`, { id: made.link.id });
    await shows(spectator, '#table-message', 'no longer opens the campaign');
    await spectator.reload();
    await shows(spectator, '#table-message', /no longer opens the campaign|share link was revoked/);
    expect(refusedByPolicy).toEqual([]);
  });
});
