// A browser app outside the repository: type-checked with the DOM's typings
// only and bundled for the browser, where no Node built-in may be reached.
import { createScriptbookClient } from '@scriptbook/client';
import type { CampaignSnapshot } from '@scriptbook/client';

/** Starts a table on the page's origin; `show` puts a line on the screen. */
export async function startTable(origin: string, show: (line: string) => void): Promise<void> {
  const client = await createScriptbookClient({ endpoint: `${origin}/graphql` });
  if (!client.session) await client.signInWithDevice({ displayName: 'Browser app' });
  const campaign = await client.createCampaign({ gameId: 'twom', name: 'In a tab' });
  const render = (snapshot: CampaignSnapshot) => show(`${snapshot.pending.length} waiting, ${snapshot.sync.connection}`);
  campaign.subscribe(() => render(campaign.getSnapshot()));
  await campaign.act('add-resource', { resource: 'Water', amount: 1 });
}
