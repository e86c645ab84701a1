import { createScriptbookClient, openSharedCampaign } from '@scriptbook/client';
import { GAMES } from '@scriptbook/games';
import { CampaignNames } from './campaign-names';
import { CampaignsSection } from './campaigns-section';
import { byId, show } from './dom';
import { GroupsSection } from './groups-section';
import { keepPageOffline } from './offline-ready';
import { addressWithCampaign, campaignInAddress, shareInAddress } from './page-address';
import { SignInSection } from './sign-in-section';
import { TableSection } from './table-section';

/**
 * The table screen: the client SDK with every game's campaign model, on
 * this origin's `/graphql`. The session and the device id are kept in
 * `localStorage`, the outbox in IndexedDB, so a reload (offline too)
 * comes back signed in with the campaign and its waiting actions.
 */
async function start(): Promise<void> {
  void keepPageOffline();
  const share = shareInAddress(location.search);
  if (share) return spectate(share, campaignInAddress(location.search));
  const client = await createScriptbookClient({ endpoint: new URL('/graphql', location.origin).href });
  const names = new CampaignNames(localStorage);
  const table = new TableSection(client, names);
  const campaigns = new CampaignsSection(client, names, (id) => {
    history.pushState(null, '', addressWithCampaign(location.href, id));
    void table.open(id);
  });
  const groups = new GroupsSection(client, (group) => void campaigns.show(group));
  const signedInParts = [byId('groups'), byId('campaigns')];
  const refresh = () => {
    signIn.render();
    for (const part of signedInParts) show(part, Boolean(client.player));
    if (client.player) void groups.load();
  };
  const signIn = new SignInSection(client, refresh);
  client.onSignedOut(refresh);
  window.addEventListener('popstate', () => void table.open(campaignInAddress(location.search)));
  refresh();
  await table.open(campaignInAddress(location.search));
}

/**
 * A spectator's screen (`/play/?campaign=<id>&share=<token>`): the campaign
 * of a read-only share link, followed live, with no sign-in, no groups and
 * no action controls. The SDK's shared campaign keeps nothing on the
 * device (the token and the copy are in memory) and its replica refuses
 * every action; a revoked link signs it out, and the screen says so.
 */
async function spectate(token: string, campaignId: string | null): Promise<void> {
  document.body.classList.add('spectator');
  for (const part of ['device', 'groups', 'campaigns']) show(byId(part), false);
  const table: TableSection = new TableSection(null, new CampaignNames(localStorage), {
    spectator: true,
    openReplica: async (id) => {
      const shared = await openSharedCampaign({ endpoint: new URL('/graphql', location.origin).href, games: GAMES, token, campaignId: id });
      shared.client.onSignedOut(() => table.ended());
      return shared.replica;
    },
  });
  await table.open(campaignId);
}

void start().catch((error: unknown) => {
  byId('page-message').textContent = `The screen could not start: ${error instanceof Error ? error.message : String(error)}`;
});
