import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createScriptbookClient, memoryKeystore, memoryStore } from '@scriptbook/client/node';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { RestartableService } from '@scriptbook/platform/testing/restartable-service';
import { TEST_DATABASE_URL, TEST_SECRETS, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { WebhookReceiver } from '@scriptbook/platform/webhooks/testing/webhook-receiver';
import { seededRandom } from '../../libs/client/src/testing/test-device';
import { ScaledOutPlatform, startScaledOutPlatform } from '../../scripts/scaled-out/scaled-out-platform';
import { Acted, expectEveryActionOnce, pause, readCampaignLog, TableDevice, TwomState, untilDevicesConverge } from '../clients/table-devices';
import { DeviceNetwork } from '../clients/device-network';
import { LiveFollower } from '../clients/live-follower';

jest.setTimeout(300_000);

const ROOT = resolve(__dirname, '..', '..');
const ACTIONS_PER_DEVICE = 20;
const RESULTS_PER_PLAYER = 3;
const SEED = Number(process.env.CLIENT_E2E_SEED ?? Date.now() % 1_000_000);
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score } } }`;
const BOARD = `{ leaderboard(first: 50) { totalCount edges { node { score player { id } } } } }`;
const MY_RESULTS = `{ myResults(first: 50) { edges { node { id score } } } }`;
const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const RECORD = `mutation($input: RecordScenarioOutcomeInput!) { recordScenarioOutcome(input: $input) { version groupEnvelope { state } } }`;
const ENVELOPES = `query($groupId: ID!) { groupEnvelopes(groupId: $groupId) { envelopeId state progress { campaignsDone campaignsTotal } } }`;
const ENVELOPE = 'twom:envelope:c';
const REGISTER = `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { secret endpoint { id } } }`;
/**
 * Webhooks to the test's own receiver on loopback (so NODE_ENV=test: production refuses local endpoints), retried
 * within seconds, and a dead worker's delivery taken over within a second.
 */
const WEBHOOKS = {
  NODE_ENV: 'test',
  WEBHOOK_ALLOW_LOCAL_ENDPOINTS: 'true',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_JOB_LOCK_MS: '1000',
  WEBHOOK_OUTBOX_SWEEP_MS: '500',
};


/**
 * The scaled-out shape (two of every process, HAProxy, PgBouncer in
 * transaction mode, a Redis Cluster) under the failures it is built for:
 * while devices on the SDK play a campaign, screens follow it live,
 * players submit results and read the board, and a win opens an envelope,
 * a replica of every kind is SIGKILLed and started again and a Redis
 * master fails over. Afterwards every action is in the log exactly once or
 * was rejected by the rules, every device holds the server's state, every
 * follower saw every version, no board read showed a player twice, every
 * result is on the boards once, the envelope opened once in every
 * campaign, and every webhook event reached its receiver as one delivery.
 */
describe('the scaled-out platform under chaos', () => {
  const isolation = new TestIsolation();
  let platform: ScaledOutPlatform;
  const devices: TableDevice[] = [];
  const followers: LiveFollower[] = [];
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'services', 'gateway', 'src', 'main.js'))) throw new Error('run `npm run build` first (npm test does)');
    for (const service of ['accounts', 'campaigns', 'scoring']) isolation.schemaFor(service);
    platform = await startScaledOutPlatform({
      databaseUrl: TEST_DATABASE_URL,
      name: isolation.id,
      jwtSecret: TEST_SECRETS.JWT_SECRET,
      gatewaySigningSecret: TEST_SECRETS.GATEWAY_SIGNING_SECRET,
      env: { JWT_TTL: '10s', RATE_LIMIT_PER_MINUTE: '100000', ...WEBHOOKS },
    });
  }, 240_000);

  afterAll(async () => {
    for (const follower of followers) await follower.stop();
    for (const device of devices) await device.client.close();
    await receiver.stop();
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('loses and doubles nothing while a replica of every kind is killed and a Redis master fails over', async () => {
    process.stdout.write(`chaos seed ${SEED} (CLIENT_E2E_SEED replays it)\n`);
    const random = seededRandom(SEED);
    const endpoint = `${platform.url}/graphql`;
    for (const name of ['phone', 'tablet', 'laptop']) {
      const network = new DeviceNetwork();
      const client = await createScriptbookClient({
        endpoint,
        keystore: memoryKeystore(),
        store: memoryStore(),
        fetch: network.fetch,
        webSocket: network.webSocket,
        connectivity: network,
        pollIntervalMs: 2_000,
        backoff: { baseMs: 200, maxMs: 2_000 },
      });
      await client.signInWithDevice({ displayName: name });
      devices.push({ name, client, network });
    }
    const signedOut: string[] = [];
    for (const device of devices) device.client.onSignedOut(({ reason }) => signedOut.push(`${device.name}: ${reason}`));
    const [phone, ...others] = devices;
    const group = await phone.client.createGroup('Scaled table');
    const { code } = await phone.client.inviteToGroup(group.id);
    for (const device of others) await device.client.joinGroup(code);
    phone.replica = await phone.client.createCampaign<TwomState>({ gameId: 'twom', name: 'Winter under fire', groupId: group.id });
    const campaignId = phone.replica.id;
    for (const device of others) device.replica = await device.client.campaign<TwomState>(campaignId);
    // Two screens that only watch, each on a socket of its own through HAProxy, with the tokens of two players.
    for (const device of others) followers.push(new LiveFollower(platform.url, campaignId, () => device.client.accessToken()));
    for (const follower of followers) follower.start();

    // A group of its own whose campaigns a win opens an envelope in: the devices' campaign takes no change it did not act.
    const box = await phone.client.createGroup('Envelope box');
    const boxCampaigns: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const created = await graphql(platform.url, CREATE, { input: { gameId: 'twom', name: `Box ${n}`, groupId: box.id } }, await phone.client.accessToken());
      boxCampaigns.push(created.data!.createCampaign.id as string);
    }

    // The table's owner hears of its group's results and envelopes; one first attempt in three fails, so deliveries retry.
    const base = await receiver.start();
    const flaky = seededRandom(SEED + 1);
    receiver.behaviour.set('/table', (attempt) => (attempt === 1 && flaky() < 1 / 3 ? 503 : 200));
    const registerEndpoint = async (path: string, groupId: string, events: string[]) => {
      const answer = await graphql(platform.url, REGISTER, { input: { url: `${base}${path}`, groupId, events } }, await phone.client.accessToken());
      expect(answer.errors).toBeUndefined();
      receiver.secrets.set(path, answer.data!.registerWebhook.secret as string);
    };
    await registerEndpoint('/table', group.id, ['GROUP_RESULT_SUBMITTED']);
    await registerEndpoint('/box', box.id, ['GROUP_ENVELOPE_OPENED']);

    const recordWin = async () => {
      for (let attempt = 0; ; attempt += 1) {
        // Under the recorder's client id and seq, so a retry after a lost answer records it once.
        const input = { campaignId: boxCampaigns[0], scenarioId: 'twom:scenario:epidemic', won: true, envelope: ENVELOPE, clientId: 'chaos-recorder-device', seq: 1 };
        const answer = await graphql(platform.url, RECORD, { input }, await phone.client.accessToken()).catch((error: Error) => ({ errors: [{ message: error.message }], data: null }));
        if (answer.data?.recordScenarioOutcome) return;
        if (attempt > 60) throw new Error(`the win was never recorded: ${JSON.stringify(answer.errors)}`);
        await pause(500);
      }
    };

    const acted: Acted[] = [];
    const play = async (device: TableDevice) => {
      for (let n = 0; n < ACTIONS_PER_DEVICE; n += 1) {
        const roll = random();
        const [name, args] =
          roll < 0.4 ? ['add-note', { text: `${device.name} note ${n}` }] : roll < 0.75 ? ['add-resource', { resource: 'Water', amount: 1 }] : ['spend-resource', { resource: 'Water', amount: 1 }];
        const queued = await device.replica!.act(name, args);
        acted.push({ device: device.name, name, args, verdict: queued.verdict });
        await pause(200 + random() * 600);
      }
    };

    // Players read the board as they play; whichever replica, cache or Redis node answers, no read may show a player twice.
    const boardReads: string[][] = [];
    const readBoard = async (device: TableDevice) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await graphql(platform.url, BOARD, {}, await device.client.accessToken()).catch(() => null);
        const edges = answer?.data?.leaderboard?.edges as { node: { player: { id: string } } }[] | undefined;
        if (edges) {
          boardReads.push(edges.map((edge) => edge.node.player.id));
          return;
        }
        await pause(250);
      }
    };

    // Each player submits its games, each retried with the same client id until it is answered: a retry must never count twice.
    const submitted = new Map<string, number[]>();
    const submit = async (device: TableDevice) => {
      const scores: number[] = [];
      for (let n = 0; n < RESULTS_PER_PLAYER; n += 1) {
        const input = bossHuntVictory(n + devices.indexOf(device) * RESULTS_PER_PLAYER);
        for (let attempt = 0; ; attempt += 1) {
          const answer = await graphql(platform.url, SUBMIT, { input }, await device.client.accessToken()).catch((error: Error) => ({ errors: [{ message: error.message }], data: null }));
          if (answer.data?.submitZoneSurvivalResult) {
            scores.push(answer.data.submitZoneSurvivalResult.result.score as number);
            break;
          }
          if (attempt > 60) throw new Error(`a result was never stored: ${JSON.stringify(answer.errors)}`);
          await pause(500);
        }
        await readBoard(device);
        await pause(1_500 + random() * 1_500);
      }
      submitted.set(device.name, scores);
    };

    const killed: string[] = [];
    const bounce = async (piece: string, replica: RestartableService, downMs: number) => {
      await replica.kill();
      killed.push(piece);
      await pause(downMs);
      await replica.start();
    };
    const one = (piece: string, index = 0) => platform.replicas.get(piece as never)![index];
    const chaos = async () => {
      await pause(2_000);
      await Promise.all([bounce('campaigns', one('campaigns'), 2_500), bounce('accounts', one('accounts', 1), 2_500)]);
      await Promise.all([bounce('gateway', one('gateway'), 2_000), bounce('scoring', one('scoring'), 2_000)]);
      const master = await platform.redis.killMasterAndWaitForFailover();
      killed.push('redis master');
      await platform.redis.restart(master);
      await Promise.all([
        recordWin(),
        bounce('campaigns-worker', one('campaigns-worker'), 1_500),
        bounce('scoring-worker', one('scoring-worker', 1), 1_500),
        bounce('content', one('content'), 1_500),
        bounce('rules', one('rules', 1), 1_500),
      ]);
    };
    await Promise.all([...devices.map(play), ...devices.map(submit), chaos()]);
    expect(new Set(killed)).toEqual(new Set(['campaigns', 'accounts', 'gateway', 'scoring', 'redis master', 'campaigns-worker', 'scoring-worker', 'content', 'rules']));

    // Every device converges on the server's state, read by the phone's session with GraphQL of the test's own.
    const token = () => phone.client.accessToken();
    const server = async () => {
      const answer = await graphql(platform.url, `query($id: ID!) { campaign(id: $id) { version stateJson } }`, { id: campaignId }, await token());
      if (!answer.data?.campaign) throw new Error(`the campaign could not be read: ${JSON.stringify(answer.errors)}`);
      return answer.data.campaign as { version: number; stateJson: TwomState };
    };
    await untilDevicesConverge(devices, async () => (await server()).version);
    const { version, stateJson } = await server();
    for (const { replica } of devices) expect(replica!.getSnapshot().confirmed.state).toEqual(stateJson);
    const applied = await expectEveryActionOnce(acted, await readCampaignLog(platform.url, campaignId, token), version);
    expect(signedOut).toEqual([]);

    // Every follower saw every version: live, in order and without gaps within each subscription, or pulled between two.
    for (let tries = 0; followers.some((follower) => follower.seenUpTo < version); tries += 1) {
      if (tries > 200) throw new Error(`the followers saw versions up to ${followers.map((f) => f.seenUpTo).join(', ')}, the campaign is at ${version}`);
      await pause(100);
    }
    for (const follower of followers) {
      for (const events of follower.subscriptions) {
        expect(events[0].fromVersion).toBe(events[0].version);
        for (let i = 1; i < events.length; i += 1) {
          expect(events[i].fromVersion).toBe(events[i - 1].version);
          expect(events[i].version).toBeGreaterThan(events[i].fromVersion);
        }
      }
      expect(new Set(follower.heard).size).toBe(follower.heard.length);
      expect([...new Set([...follower.heard, ...follower.pulled])].sort((a, b) => a - b)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
      // Versions committed while a follower's socket was down come by pull; the sockets are down for seconds of the run, so most come live.
      expect(follower.heard.length).toBeGreaterThan(version / 2);
    }

    expect(boardReads.length).toBeGreaterThan(0);
    for (const players of boardReads) expect(new Set(players).size).toBe(players.length);

    // Every result stored once, and each player on the board once, at their best.
    const board = await graphql(platform.url, BOARD, {}, await token());
    const entries = (board.data!.leaderboard.edges as { node: { score: number; player: { id: string } } }[]).map((edge) => edge.node);
    for (const device of devices) {
      const mine = await graphql(platform.url, MY_RESULTS, {}, await device.client.accessToken());
      const stored = (mine.data!.myResults.edges as { node: { score: number } }[]).map((edge) => edge.node.score).sort((a, b) => a - b);
      expect(stored).toEqual([...submitted.get(device.name)!].sort((a, b) => a - b));
      const playerId = device.client.player!.id;
      expect(entries.filter((entry) => entry.player.id === playerId).map((entry) => entry.score)).toEqual([Math.max(...stored)]);
    }
    // The win opened the envelope once in every campaign of its group, whichever worker ran which batch.
    for (let tries = 0; ; tries += 1) {
      const envelopes = (await graphql(platform.url, ENVELOPES, { groupId: box.id }, await token())).data!.groupEnvelopes as { envelopeId: string; state: string; progress: { campaignsDone: number; campaignsTotal: number } }[];
      const opened = envelopes.find((envelope) => envelope.envelopeId === ENVELOPE)!;
      if (opened.state === 'OPENED') {
        expect(opened.progress).toEqual({ campaignsDone: 3, campaignsTotal: 3 });
        break;
      }
      if (tries > 240) throw new Error(`the envelope did not open: ${JSON.stringify(opened)}`);
      await pause(250);
    }
    for (const campaign of boxCampaigns) {
      const changes = await readCampaignLog(platform.url, campaign, token);
      expect(changes.filter((change) => change.name === 'open-envelope')).toHaveLength(1);
    }
    expect((await readCampaignLog(platform.url, boxCampaigns[0], token)).filter((change) => change.name === 'record-scenario-outcome')).toHaveLength(1);

    // Every event reached the receiver as one delivery, retried under its delivery id until a 2xx, every attempt signed.
    const resultIds = new Set<string>();
    for (const device of devices) {
      const mine = await graphql(platform.url, MY_RESULTS, {}, await device.client.accessToken());
      for (const edge of mine.data!.myResults.edges as { node: { id: string } }[]) resultIds.add(edge.node.id);
    }
    const deliveredOnce = async (path: string, expected: number) => {
      for (let tries = 0; ; tries += 1) {
        const answered = new Set(receiver.of(path).filter((attempt) => attempt.answered === 200).map((attempt) => attempt.deliveryId));
        if (answered.size >= expected) break;
        if (tries > 300) throw new Error(`${answered.size} of ${expected} deliveries to ${path} answered`);
        await pause(100);
      }
      await pause(1_000); // time for a doubled delivery to show
      const attempts = receiver.of(path);
      expect(attempts.every((attempt) => attempt.verified)).toBe(true);
      const deliveriesOfEvent = new Map<string, Set<string>>();
      for (const attempt of attempts) deliveriesOfEvent.set(attempt.body.id, (deliveriesOfEvent.get(attempt.body.id) ?? new Set()).add(attempt.deliveryId));
      expect([...deliveriesOfEvent.values()].map((ids) => ids.size)).toEqual(Array(expected).fill(1));
      return attempts;
    };
    const tableAttempts = await deliveredOnce('/table', resultIds.size);
    expect(new Set(tableAttempts.map((attempt) => attempt.body.data.resultId))).toEqual(resultIds);
    const boxAttempts = await deliveredOnce('/box', 1);
    expect(boxAttempts[0].body).toMatchObject({ type: 'group.envelope.opened', data: { groupId: box.id, envelopeId: ENVELOPE, campaigns: 3 } });

    // One address's rate limit is one count across both gateways: HAProxy alternates them, and what is left only falls
    // (but once, where a minute's window may end). Counted per gateway, it would rise at every other request.
    const left: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      const answer = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
      left.push(((await answer.json()) as { extensions: { limits: { rateLimit: { remaining: number } } } }).extensions.limits.rateLimit.remaining);
    }
    expect(left.slice(1).filter((remaining, i) => remaining >= left[i]).length).toBeLessThanOrEqual(1);

    const live = followers.map((follower) => `${follower.heard.length} of ${version} live over ${follower.subscriptions.length} subscriptions`).join('; ');
    process.stdout.write(
      `chaos: ${acted.length} actions acted, ${applied} applied, ${RESULTS_PER_PLAYER * devices.length} results, ${boardReads.length} board reads, ${tableAttempts.length + boxAttempts.length} webhook attempts; ` +
        `followers ${live}; killed ${killed.join(', ')}\n`,
    );
  });
});
