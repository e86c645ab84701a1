import WebSocket from 'ws';
import { createScriptbookClient, memoryKeystore, memoryStore } from '@scriptbook/client/node';
import type { CampaignReplica, CampaignSnapshot, ScriptbookClient } from '@scriptbook/client/node';

/**
 * Two devices at one table on the client SDK, as docs/companion-app.md
 * walks through it: each signs in without a form, the phone's player makes
 * a group and the tablet's joins with its code, the phone starts a campaign
 * of the group and acts, the tablet hears of it live and acts back, and
 * both end on the same state. No GraphQL is written here: the SDK sends it.
 * `test/clients/sdk-devices.e2e-spec.ts` runs this against the platform.
 *
 *   npx ts-node -r tsconfig-paths/register --transpile-only clients/examples/table-on-the-sdk.ts [endpoint]
 */

export interface TableOptions {
  readonly log?: (line: string) => void;
  /** Stop waiting for the other device after this long (10 s unless given). */
  readonly withinMs?: number;
}

interface Storage {
  readonly storage: Readonly<Record<string, number>>;
}

/** A device of the table: an app on Node 20 passes `ws`'s WebSocket for live updates (browsers and Node 22 have one). */
function device(endpoint: string): Promise<ScriptbookClient> {
  // A real app keeps its session in the platform keystore and its outbox in IndexedDB or a file (`fileStore`).
  return createScriptbookClient({ endpoint, keystore: memoryKeystore(), store: memoryStore(), webSocket: WebSocket });
}

/** Resolves once the replica's snapshot passes `ready`: the SDK calls back on every change. */
function until<S>(replica: CampaignReplica<S>, ready: (snapshot: CampaignSnapshot<S>) => boolean, what: string, withinMs: number): Promise<CampaignSnapshot<S>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (stop(), reject(new Error(`waited ${withinMs} ms for ${what}`))), withinMs);
    const check = () => {
      const snapshot = replica.getSnapshot();
      if (!ready(snapshot)) return;
      clearTimeout(timer);
      stop();
      resolve(snapshot);
    };
    const stop = replica.subscribe(check);
    check();
  });
}

export async function playAtTheTable(endpoint: string, { log = () => undefined, withinMs = 10_000 }: TableOptions = {}) {
  const phone = await device(endpoint);
  const tablet = await device(endpoint);
  try {
    const ana = await phone.signInWithDevice({ displayName: 'Ana', deviceName: 'Phone' });
    const ben = await tablet.signInWithDevice({ displayName: 'Ben', deviceName: 'Tablet' });
    log(`signed in ${ana.player.displayName} and ${ben.player.displayName}`);

    // The group owns the campaign; the code is read out at the table.
    const group = await phone.createGroup('Thursday box');
    const { code } = await phone.inviteToGroup(group.id);
    const joined = await tablet.joinGroup(code);
    log(`${joined.name}: joined as ${joined.myRole}`);

    const onPhone = await phone.createCampaign<Storage>({ gameId: 'twom', name: 'Winter siege', groupId: group.id });
    const listed = await tablet.groupCampaigns(group.id);
    const onTablet = await tablet.campaign<Storage>(listed.items[0].id);
    await until(onTablet, (snapshot) => snapshot.sync.live === 'following', 'the tablet to follow the campaign live', withinMs);

    // The phone acts: shown at once, then confirmed; the tablet hears of it over the live connection.
    const water = await onPhone.act('add-resource', { resource: 'Water', amount: 2 });
    const shownAtOnce = onPhone.getSnapshot().optimistic.storage.Water;
    const phoneVerdict = await water.verdict;
    await until(onTablet, (snapshot) => snapshot.confirmed.version >= 1, 'the tablet to hear of the phone’s action', withinMs);

    // The tablet acts back, checking the args first as a form would.
    const refusal = onTablet.check('spend-resource', { resource: 'Water', amount: -1 });
    const spent = await onTablet.act('spend-resource', { resource: 'Water', amount: 1 });
    const tabletVerdict = await spent.verdict;
    await until(onPhone, (snapshot) => snapshot.confirmed.version >= 2, 'the phone to hear of the tablet’s action', withinMs);
    const history = await onTablet.history({ first: 10 });
    log(`Water shown at once ${shownAtOnce}; verdicts ${phoneVerdict.outcome}, ${tabletVerdict.outcome}; Water now ${onPhone.getSnapshot().confirmed.state.storage.Water} on both`);

    return {
      ana,
      ben,
      group,
      joined,
      shownAtOnce,
      phoneVerdict,
      tabletVerdict,
      refusal,
      history,
      catalog: onTablet.catalog().map((action) => action.name),
      phoneState: onPhone.getSnapshot().confirmed,
      tabletState: onTablet.getSnapshot().confirmed,
    };
  } finally {
    await phone.close();
    await tablet.close();
  }
}

if (require.main === module) {
  playAtTheTable(process.argv[2] ?? 'http://localhost:4000/graphql', { log: (line) => process.stdout.write(`${line}\n`) }).catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  });
}
