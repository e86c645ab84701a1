import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptbookClient, fileStore, memoryKeystore, memoryStore } from '@scriptbook/client/node';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../services/accounts/src/accounts.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../services/gateway/src/testing/gateway-over-live-subgraphs';
import { deviceSession, newDeviceId, REFRESH } from '../../services/accounts/src/sessions/session-test-kit';
import { seededRandom } from '../../libs/client/src/testing/test-device';
import { playAtTheTable } from '../../clients/examples/table-on-the-sdk';
import { Acted, expectEveryActionOnce, pause, readCampaignLog, TableDevice, TwomState, untilDevicesConverge } from './table-devices';
import { DeviceNetwork } from './device-network';
import { RestartableService, restartableService } from '@scriptbook/platform/testing/restartable-service';

jest.setTimeout(240_000);

/** Access tokens this short expire several times while the devices play. */
const ACCESS_TOKEN_SECONDS = 5;
const ACTIONS_PER_DEVICE = 24;
const SEED = Number(process.env.CLIENT_E2E_SEED ?? Date.now() % 1_000_000);


/**
 * Three devices on the SDK against the real accounts and campaigns subgraphs
 * behind the real gateway: they act through random offline spans while the
 * campaigns subgraph is killed and started again and their access tokens
 * expire, then every device holds the server's state and every action
 * acted is in the server's log exactly once, or was rejected with a reason.
 */
describe('three SDK devices against the running platform', () => {
  const isolation = new TestIsolation();
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-sdk-devices-'));
  let accounts: RunningService;
  let campaigns: RestartableService;
  let gateway: GatewayOverLiveSubgraphs;
  const devices: TableDevice[] = [];

  beforeAll(async () => {
    [campaigns, accounts] = await Promise.all([
      restartableService('services/campaigns/src/main.ts', isolation.postgresEnv('campaigns')),
      startService(accountsApp, isolation.postgresEnv('accounts', { JWT_TTL: `${ACCESS_TOKEN_SECONDS}s` })),
    ]);
    gateway = await startGatewayOverLiveSubgraphs(isolation, { accounts, campaigns });
  });

  afterAll(async () => {
    for (const device of devices) await device.client.close();
    await gateway?.stop();
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
    rmSync(dir, { recursive: true, force: true });
  });

  it('converges with every action exactly once through offline spans, a killed campaigns subgraph and expiring tokens', async () => {
    process.stdout.write(`sdk-devices seed ${SEED} (CLIENT_E2E_SEED replays it)\n`);
    const random = seededRandom(SEED);
    const endpoint = `${gateway.gateway.url}/graphql`;
    const refreshes: string[] = [];
    for (const [i, name] of ['phone', 'tablet', 'laptop'].entries()) {
      const network = new DeviceNetwork();
      const client = await createScriptbookClient({
        endpoint,
        keystore: memoryKeystore(),
        // The phone keeps its outbox in a file, as a Node app would; the others in memory.
        store: i === 0 ? await fileStore(join(dir, `${name}.json`)) : memoryStore(),
        fetch: network.fetch,
        webSocket: network.webSocket,
        connectivity: network,
        pollIntervalMs: 2_000,
        backoff: { baseMs: 200, maxMs: 2_000 },
      });
      client.onSession((event) => event.kind === 'refreshed' && refreshes.push(name));
      await client.signInWithDevice({ displayName: name });
      devices.push({ name, client, network });
    }
    const signedOut: string[] = [];
    for (const device of devices) device.client.onSignedOut(({ reason }) => signedOut.push(`${device.name}: ${reason}`));

    const [phone, ...others] = devices;
    const group = await phone.client.createGroup('Kitchen table');
    const { code } = await phone.client.inviteToGroup(group.id);
    for (const device of others) await device.client.joinGroup(code);
    phone.replica = await phone.client.createCampaign<TwomState>({ gameId: 'twom', name: 'Siege winter', groupId: group.id });
    const campaignId = phone.replica.id;
    for (const device of others) device.replica = await device.client.campaign<TwomState>(campaignId);

    // What the devices show while the campaigns subgraph is down: the run must have met it.
    let campaignsDown = false;
    const seenWhileDown = new Set<string>();
    for (const { replica, network } of devices) {
      replica!.subscribe(() => {
        const { sync } = replica!.getSnapshot();
        if (campaignsDown && network.online && sync.error) seenWhileDown.add(`${sync.connection} ${sync.error.code}`);
      });
    }

    const acted: Acted[] = [];
    const play = async (device: TableDevice) => {
      for (let n = 0; n < ACTIONS_PER_DEVICE; n += 1) {
        if (device.network.online && random() < 0.15) {
          device.network.goOffline();
          const span = 1_000 + random() * 3_000;
          setTimeout(() => device.network.goOnline(), span);
        }
        const roll = random();
        const [name, args] =
          roll < 0.4
            ? ['add-note', { text: `${device.name} note ${n}` }]
            : roll < 0.75
              ? ['add-resource', { resource: 'Water', amount: 1 }]
              : ['spend-resource', { resource: 'Water', amount: 1 }];
        const queued = await device.replica!.act(name, args);
        acted.push({ device: device.name, name, args, verdict: queued.verdict });
        await pause(150 + random() * 550);
      }
    };
    const chaos = async () => {
      await pause(4_000);
      await campaigns.kill();
      campaignsDown = true;
      await pause(3_000);
      await campaigns.start();
      campaignsDown = false;
    };
    await Promise.all([...devices.map(play), chaos()]);

    for (const device of devices) if (!device.network.online) device.network.goOnline();
    // The test reads the server as a member of the group of its own, with GraphQL of its own: nothing of the SDK in between.
    const watcherSession = await deviceSession(gateway.gateway.url, newDeviceId());
    const watcher = { token: watcherSession.accessToken, refreshToken: watcherSession.refreshToken, at: Date.now() };
    expect(await watcherJoins(gateway.gateway.url, watcher.token, (await phone.client.inviteToGroup(group.id)).code)).toBe(group.id);
    const tokenOf = async () => {
      // Refreshed well before its token expires.
      if (Date.now() - watcher.at > (ACCESS_TOKEN_SECONDS * 1000) / 2) {
        const refreshed = await graphql(gateway.gateway.url, REFRESH, { token: watcher.refreshToken });
        if (!refreshed.data?.refreshSession) throw new Error(`the test's own session could not be refreshed: ${JSON.stringify(refreshed.errors)}`);
        Object.assign(watcher, { token: refreshed.data.refreshSession.accessToken, refreshToken: refreshed.data.refreshSession.refreshToken, at: Date.now() });
      }
      return watcher.token;
    };
    const server = async () => {
      const answer = await graphql(gateway.gateway.url, `query($id: ID!) { campaign(id: $id) { version stateJson } }`, { id: campaignId }, await tokenOf());
      if (!answer.data?.campaign) throw new Error(`the campaign could not be read: ${JSON.stringify(answer.errors)}`);
      return answer.data!.campaign as { version: number; stateJson: TwomState };
    };
    await untilDevicesConverge(devices, async () => (await server()).version, () => `; signed out: ${JSON.stringify(signedOut)}`);

    // Every device holds the server's state, confirmed and shown.
    const { version, stateJson } = await server();
    for (const { replica } of devices) {
      expect(replica!.getSnapshot().confirmed.state).toEqual(stateJson);
      expect(replica!.getSnapshot().optimistic).toEqual(stateJson);
    }

    // The server's log, and every action acted in it exactly once or rejected by the rules.
    const log = await readCampaignLog(gateway.gateway.url, campaignId, tokenOf);
    await expectEveryActionOnce(acted, log, version);

    // The run did what it claims: tokens expired and were refreshed on every device, and none was signed out.
    expect(new Set(refreshes)).toEqual(new Set(devices.map((device) => device.name)));
    expect(signedOut).toEqual([]);
    expect(seenWhileDown.size).toBeGreaterThan(0);
    process.stdout.write(`sdk-devices: ${acted.length} actions acted, ${log.length} applied, ${refreshes.length} refreshes, errors seen while campaigns was down: ${[...seenWhileDown].join(', ')}\n`);
  });

  it('runs the example of clients/examples: two devices at a table on the SDK, with no GraphQL of their own', async () => {
    const table = await playAtTheTable(`${gateway.gateway.url}/graphql`);
    expect(table.joined).toEqual({ ...table.group, myRole: 'MEMBER' });
    expect(table.shownAtOnce).toBe(2);
    expect(table.phoneVerdict).toEqual({ outcome: 'applied', version: 1 });
    expect(table.tabletVerdict).toEqual({ outcome: 'applied', version: 2 });
    expect(table.refusal).toMatchObject({ code: 'BAD_USER_INPUT', field: 'args.amount' });
    expect(table.history.changes.map((change) => [change.version, change.name, change.playerId])).toEqual([
      [2, 'spend-resource', table.ben.player.id],
      [1, 'add-resource', table.ana.player.id],
    ]);
    expect(table.catalog).toEqual(expect.arrayContaining(['add-resource', 'spend-resource', 'add-note']));
    expect(table.tabletState).toEqual(table.phoneState);
    expect(table.phoneState).toMatchObject({ version: 2, state: { storage: { Water: 1 } } });
  });
});

async function watcherJoins(url: string, token: string, code: string): Promise<string> {
  const joined = await graphql(url, `mutation($code: String!) { joinGroup(code: $code) { id } }`, { code }, token);
  return joined.data!.joinGroup.id as string;
}
