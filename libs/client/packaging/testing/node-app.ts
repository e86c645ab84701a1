// A Node app outside the repository, as its author writes it against the
// installed package: compiled by tsc (NodeNext, strict), then run with the
// endpoint and an outbox path as arguments. It prints what it saw as JSON.
import { createScriptbookClient, fileStore, ScriptbookError } from '@scriptbook/client/node';
import type { CampaignSnapshot } from '@scriptbook/client/node';

interface Storage {
  readonly storage: Readonly<Record<string, number>>;
}

async function main(endpoint: string, outbox: string): Promise<void> {
  const client = await createScriptbookClient({ endpoint, store: await fileStore(outbox), webSocket: null });
  const session = await client.signInWithDevice({ displayName: 'Packaged app' });
  const campaign = await client.createCampaign<Storage>({ gameId: 'twom', name: 'From the tarball' });
  const queued = await campaign.act('add-resource', { resource: 'Water', amount: 2 });
  const shownAtOnce: CampaignSnapshot<Storage> = campaign.getSnapshot();
  const verdict = await queued.verdict;
  let refused: { code?: string; field?: string; rule?: string } | null = null;
  try {
    await client.campaign('no-such-campaign');
  } catch (error) {
    if (error instanceof ScriptbookError) refused = { code: error.code, field: error.field, rule: error.rule };
  }
  await campaign.syncNow();
  const confirmed = campaign.getSnapshot().confirmed;
  process.stdout.write(
    `${JSON.stringify({
      signedIn: client.session?.player.id === session.player.id,
      seq: queued.seq,
      waterShownAtOnce: shownAtOnce.optimistic.storage.Water ?? 0,
      verdict: verdict.outcome,
      confirmed: { version: confirmed.version, water: confirmed.state.storage.Water },
      refused,
    })}\n`,
  );
  await client.close();
}

const [endpoint, outbox] = process.argv.slice(2);
main(endpoint, outbox).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
