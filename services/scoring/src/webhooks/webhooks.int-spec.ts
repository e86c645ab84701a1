import Redis from 'ioredis';
import { Queue } from 'bullmq';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { redisOptionsFromUrl, RunningService, startService, TokenService, TypedQueue } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { EmittedWebhookEvent, webhookEventsQueue, webhookPayload } from '@scriptbook/platform/webhooks';
import { WebhookReceiver } from '@scriptbook/platform/webhooks/testing/webhook-receiver';
import { DataSource } from 'typeorm';
import { boardNamesOf } from '../boards/board-keys';
import { ScoredGames } from '../games/scored-games';
import { toRanked } from '../results/result-mapping';
import { ResultEntity } from '../results/result.entity';
import { scoringApp } from '../scoring.app';
import { describeBoard } from './top-entry-watch';

const WORKER = 'services/scoring/src/worker.ts';
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id } } }`;
const REGISTER = `mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input) { secret endpoint { id url events audience groupId paused } } }`;
const DELIVERIES = `query($id: ID!, $first: Int, $after: String) {
  webhookDeliveries(endpointId: $id, first: $first, after: $after) {
    edges { node { id eventId eventType status attempts lastStatusCode lastError nextAttemptAt deliveredAt payload } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const ENDPOINTS = `{ webhooks { edges { node { id paused pausedReason consecutiveFailures } } } }`;

/** Short retries, a low pause threshold and a quick takeover of a dead worker's job: the whole policy plays out in seconds. */
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_LOCAL_ENDPOINTS: 'true',
  WEBHOOK_DELIVERY_ATTEMPTS: '4',
  WEBHOOK_RETRY_BASE_MS: '200',
  WEBHOOK_PAUSE_AFTER_FAILURES: '5',
  WEBHOOK_TIMEOUT_MS: '20000',
  WEBHOOK_JOB_LOCK_MS: '1000',
  WEBHOOK_OUTBOX_SWEEP_MS: '500',
};

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/**
 * Signed webhooks end to end on real Postgres, Redis and BullMQ: the scoring
 * API registers endpoints and writes each result's event with the result,
 * the scoring worker runs as a process of its own (so it can be killed),
 * and a receiver in the test checks every delivery with the code
 * docs/webhooks.md prints.
 */
describe('webhooks', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const receiver = new WebhookReceiver();
  let base: string;
  let api: RunningService;
  let production: RunningService;
  let worker: ServiceProcess;
  let events: Queue;
  const tokens: Record<string, string> = {};
  const workerEnv = () => isolation.postgresEnv('scoring', { ...WEBHOOK_ENV });

  const register = async (player: string, input: Record<string, unknown>, on = api) => graphql(on.url, REGISTER, { input }, tokens[player]);
  const endpointFor = async (player: string, path: string, groupId: string, events = ['GROUP_RESULT_SUBMITTED', 'GROUP_ENVELOPE_OPENED']) => {
    const answer = await register(player, { url: `${base}${path}`, events, groupId });
    expect(answer.errors).toBeUndefined();
    receiver.secrets.set(path, answer.data!.registerWebhook.secret);
    return answer.data!.registerWebhook.endpoint.id as string;
  };
  const deliveries = async (player: string, endpointId: string) => {
    const answer = await graphql(api.url, DELIVERIES, { id: endpointId, first: 100 }, tokens[player]);
    expect(answer.errors).toBeUndefined();
    return answer.data!.webhookDeliveries.edges.map((e: { node: Record<string, unknown> }) => e.node) as Record<string, any>[];
  };
  const submit = async (player: string, input = bossHuntVictory(1)) => {
    const answer = await graphql(api.url, SUBMIT, { input }, tokens[player]);
    expect(answer.errors).toBeUndefined();
    return answer.data!.submitZoneSurvivalResult.result.id as string;
  };
  const endpointIdOf = async (player: string, path: string): Promise<string> =>
    ((await graphql(api.url, `{ webhooks { edges { node { id url } } } }`, {}, tokens[player])).data!.webhooks.edges as { node: { id: string; url: string } }[]).find((e) =>
      e.node.url.endsWith(path),
    )!.node.id;
  const endpointState = async (player: string, id: string) =>
    ((await graphql(api.url, ENDPOINTS, {}, tokens[player])).data!.webhooks.edges as { node: Record<string, any> }[]).map((e) => e.node).find((n) => n.id === id)!;

  beforeAll(async () => {
    base = await receiver.start();
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    const groups: [string, [string, 'OWNER' | 'MEMBER'][]][] = [
      ['guild-ok', [['ana', 'OWNER'], ['ben', 'MEMBER']]],
      ['guild-flaky', [['ana', 'OWNER'], ['dan', 'MEMBER']]],
      ['guild-down', [['ana', 'OWNER'], ['eve', 'MEMBER']]],
      ['guild-kill', [['ana', 'OWNER'], ['fay', 'MEMBER']]],
      ['guild-cy', [['cy', 'OWNER']]],
    ];
    for (const [groupId, members] of groups) await writer.write({ groupId, version: 1, members: members.map(([playerId, role]) => ({ playerId, role })) });
    await writer.finishRebuild(rebuild);
    api = await startService(scoringApp, isolation.postgresEnv('scoring', { ...WEBHOOK_ENV, SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    production = await startService(scoringApp, isolation.postgresEnv('scoring-production', { NODE_ENV: 'production', SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    for (const name of ['ana', 'ben', 'cy', 'dan', 'eve', 'fay', 'admin-zoe']) tokens[name] = api.app.get(TokenService).issue(name).accessToken;
    events = new Queue(webhookEventsQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
    worker = await startServiceProcess(WORKER, workerEnv());
  }, 180_000);

  afterAll(async () => {
    await worker?.kill();
    await events?.close();
    await production?.stop();
    await api?.stop();
    await receiver.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it("delivers a group member's result once, signed, to the owner's endpoint and to no other group's", async () => {
    const endpointId = await endpointFor('ana', '/ok', 'guild-ok');
    const cyEndpoint = await endpointFor('cy', '/cy', 'guild-cy');
    const resultId = await submit('ben');
    const delivery = await until('the delivery', async () => (await deliveries('ana', endpointId)).find((d) => d.status === 'DELIVERED'));

    const got = receiver.of('/ok');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ deliveryId: delivery.id, event: 'group.result.submitted', verified: true });
    expect(got[0].body).toMatchObject({ id: delivery.eventId, type: 'group.result.submitted', version: 1, data: { resultId, playerId: 'ben', groupId: 'guild-ok', gameId: 'stalker-zs', victory: true } });
    expect(new Date(got[0].body.occurredAt).toISOString()).toBe(got[0].body.occurredAt);
    expect(delivery).toMatchObject({ eventType: 'GROUP_RESULT_SUBMITTED', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(JSON.parse(delivery.payload)).toEqual(got[0].body);
    expect(await deliveries('cy', cyEndpoint)).toEqual([]);
    expect(receiver.of('/cy')).toEqual([]);
  });

  it('delivers an envelope opening any service emits, through the same queue', async () => {
    const endpointId = await endpointIdOf('ana', '/ok');
    const emitted: EmittedWebhookEvent = {
      event: webhookPayload('group.envelope.opened', 'guild-ok:twom:envelope:a', new Date(), { groupId: 'guild-ok', envelopeId: 'twom:envelope:a', campaigns: 2 }),
      audience: { group: 'guild-ok' },
    };
    const producer = new TypedQueue(webhookEventsQueue, events);
    // The campaigns worker's emission, twice over (a job run again after a crash): one event, one delivery.
    await producer.add(emitted.event.type, emitted, { jobId: emitted.event.id });
    await producer.add(emitted.event.type, emitted, { jobId: emitted.event.id });
    await until('the envelope delivery', async () => (await deliveries('ana', endpointId)).find((d) => d.eventType === 'GROUP_ENVELOPE_OPENED' && d.status === 'DELIVERED'));
    await new Promise((wait) => setTimeout(wait, 1_000));
    const got = receiver.of('/ok').filter((r) => r.event === 'group.envelope.opened');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ verified: true, body: { id: emitted.event.id, data: { groupId: 'guild-ok', envelopeId: 'twom:envelope:a' } } });
  });

  it('retries a delivery the receiver answers 500, under the same delivery id, until it is accepted', async () => {
    receiver.behaviour.set('/flaky', (attempt) => (attempt <= 2 ? 500 : 200));
    const endpointId = await endpointFor('ana', '/flaky', 'guild-flaky');
    await submit('dan');
    const delivery = await until('the retried delivery', async () => (await deliveries('ana', endpointId)).find((d) => d.status === 'DELIVERED'));
    const got = receiver.of('/flaky');
    expect(got.map((r) => r.deliveryId)).toEqual([delivery.id, delivery.id, delivery.id]);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(1);
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null });
    expect((await endpointState('ana', endpointId)).consecutiveFailures).toBe(0);
  });

  it('pauses an endpoint after repeated failure, says why, holds what follows and sends it again on resume', async () => {
    let healthy = false;
    receiver.behaviour.set('/down', () => (healthy ? 200 : 500));
    const endpointId = await endpointFor('ana', '/down', 'guild-down');
    await submit('eve');
    const failed = await until('the dead-lettered delivery', async () => (await deliveries('ana', endpointId)).find((d) => d.status === 'FAILED'));
    expect(failed).toMatchObject({ attempts: 4, lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: null, deliveredAt: null });
    await submit('eve');
    const paused = await until('the pause', async () => {
      const state = await endpointState('ana', endpointId);
      return state.paused && state;
    });
    expect(paused.pausedReason).toMatch(/^paused after 5 failed attempts in a row; the last: HTTP 500/);
    const held = await until('the held delivery', async () => (await deliveries('ana', endpointId)).find((d) => d.status === 'HELD'));
    expect(held.attempts).toBe(1);
    const attemptsWhilePaused = receiver.of('/down').length;
    expect(attemptsWhilePaused).toBe(5);

    healthy = true;
    const resumed = await graphql(api.url, `mutation($id: ID!) { resumeWebhook(id: $id) { paused pausedReason consecutiveFailures } }`, { id: endpointId }, tokens.ana);
    expect(resumed.data!.resumeWebhook).toEqual({ paused: false, pausedReason: null, consecutiveFailures: 0 });
    await until('the held delivery sent', async () => (await deliveries('ana', endpointId)).find((d) => d.id === held.id && d.status === 'DELIVERED'));
    expect(receiver.of('/down').slice(attemptsWhilePaused).map((r) => r.deliveryId)).toEqual([held.id]);
    // The dead letter stays dead.
    expect((await deliveries('ana', endpointId)).find((d) => d.id === failed.id)!.status).toBe('FAILED');
  });

  it('loses no delivery when the worker is killed mid-delivery: a new worker sends it again under the same id', async () => {
    let holding = true;
    receiver.behaviour.set('/kill', () => (holding ? 'hold' : 200));
    const endpointId = await endpointFor('ana', '/kill', 'guild-kill');
    await submit('fay');
    await until('the attempt in flight', async () => receiver.of('/kill').length === 1);
    await worker.kill();
    holding = false;
    // Submitted while no worker runs: it waits in the queue.
    await submit('fay');
    worker = await startServiceProcess(WORKER, workerEnv());
    const delivered = await until('both deliveries', async () => {
      const log = await deliveries('ana', endpointId);
      return log.length === 2 && log.every((d) => d.status === 'DELIVERED') && log;
    });
    const got = receiver.of('/kill');
    const first = got[0].deliveryId;
    expect(got.every((r) => r.verified)).toBe(true);
    // The request cut by the kill, then the takeover's attempt under the same id; the second result once.
    expect(got.map((r) => r.deliveryId).filter((id) => id === first)).toHaveLength(2);
    expect(new Set(got.map((r) => r.deliveryId))).toEqual(new Set(delivered.map((d) => d.id)));
    expect(delivered.find((d) => d.id === first)!.attempts).toBe(1);
  }, 120_000);

  it('refuses bad registrations with the field and the rule, storing nothing', async () => {
    const before = (await graphql(api.url, ENDPOINTS, {}, tokens.ana)).data!.webhooks.edges.length;
    const refusal = async (player: string, input: Record<string, unknown>) => (await register(player, input)).errors?.[0]?.extensions;
    expect(await refusal('ana', { url: 'not a url', events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' })).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.url', rule: 'format' });
    expect(await refusal('ana', { url: 'ftp://example.org/x', events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' })).toMatchObject({ field: 'input.url', rule: 'https' });
    expect(await refusal('ana', { url: 'https://user:pw@example.org/x', events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' })).toMatchObject({ field: 'input.url', rule: 'no-credentials' });
    expect(await refusal('ana', { url: `${base}/x`, events: [], groupId: 'guild-ok' })).toMatchObject({ field: 'input.events', rule: 'min' });
    expect(await refusal('ana', { url: `${base}/x`, events: ['GROUP_RESULT_SUBMITTED', 'GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' })).toMatchObject({ field: 'input.events', rule: 'unique' });
    expect(await refusal('ana', { url: `${base}/x`, events: ['GROUP_RESULT_SUBMITTED', 'BOARD_TOP_ENTRY_CHANGED'], groupId: 'guild-ok' })).toMatchObject({ field: 'input.events', rule: 'one-audience' });
    expect(await refusal('ana', { url: `${base}/x`, events: ['GROUP_RESULT_SUBMITTED'] })).toMatchObject({ field: 'input.groupId', rule: 'required-for-group-events' });
    expect(await refusal('ben', { url: `${base}/x`, events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' })).toMatchObject({ code: 'FORBIDDEN', field: 'input.groupId', rule: 'owner' });
    expect(await refusal('cy', { url: `${base}/x`, events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' })).toMatchObject({ code: 'NOT_FOUND', field: 'input.groupId' });
    expect(await refusal('ana', { url: `${base}/x`, events: ['BOARD_TOP_ENTRY_CHANGED'] })).toMatchObject({ code: 'FORBIDDEN', field: 'input.events', rule: 'scoring-admin' });
    expect(await refusal('admin-zoe', { url: `${base}/x`, events: ['BOARD_TOP_ENTRY_CHANGED'], groupId: 'guild-ok' })).toMatchObject({ field: 'input.groupId', rule: 'none-for-public-boards' });
    expect((await graphql(api.url, REGISTER, { input: { url: `${base}/x`, events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await graphql(api.url, ENDPOINTS, {}, tokens.ana)).data!.webhooks.edges).toHaveLength(before);

    const board = await register('admin-zoe', { url: `${base}/boards`, events: ['BOARD_TOP_ENTRY_CHANGED'] });
    expect(board.data!.registerWebhook.endpoint).toMatchObject({ audience: 'PUBLIC_BOARDS', groupId: null, events: ['BOARD_TOP_ENTRY_CHANGED'] });
    receiver.secrets.set('/boards', board.data!.registerWebhook.secret);
  });

  it("tells the administrators' endpoint of each public board whose first place a new result takes, and of nothing else", async () => {
    const fannedOut = async (resultId: string) => {
      const id = webhookPayload('group.result.submitted', resultId, new Date(), {}).id;
      return until(`the fan-out of ${resultId}`, async () => {
        const job = await events.getJob(id);
        return job?.finishedOn && job.returnvalue ? (job.returnvalue as { followUps: number }) : null;
      });
    };
    // Every earlier result scored 21; this one's 25 leads every board it enters.
    const resultId = await submit('ben', bossHuntVictory(5));
    const row = await api.app.get(DataSource).getRepository(ResultEntity).findOneByOrFail({ id: resultId });
    const layout = api.app.get(ScoredGames).get('stalker-zs').layout;
    const ranked = toRanked(row)!;
    const boards = boardNamesOf(layout, ranked);
    expect((await fannedOut(resultId)).followUps).toBe(boards.length);
    const all = await until('a first-place event per board', async () => receiver.of('/boards').length === boards.length && receiver.of('/boards'));
    expect(all.every((r) => r.verified && r.event === 'board.top-entry.changed' && r.body.data.resultId === resultId && r.body.data.playerId === 'ben')).toBe(true);
    expect(all.map((r) => r.body.data.board)).toEqual(expect.arrayContaining(boards.map((name) => describeBoard(name, layout, ranked))));
    expect(new Set(all.map((r) => JSON.stringify(r.body.data.board))).size).toBe(boards.length);
    expect(new Set(all.map((r) => r.deliveryId)).size).toBe(boards.length);
    expect(all.map((r) => r.body.data.board)).toContainEqual({ period: 'all', scope: { scenarioId: null, mapId: null, stalkerCount: null }, view: 'all' });
    expect(all[0].body.data).toMatchObject({ gameId: 'stalker-zs', score: 25 });

    // A lower score takes no first place: its fan-out follows up with nothing.
    expect((await fannedOut(await submit('dan'))).followUps).toBe(0);
    expect(receiver.of('/boards')).toHaveLength(boards.length);
  });

  it('refuses private, loopback and link-local addresses and plain http in production mode', async () => {
    const refusal = async (url: string) => (await register('ana', { url, events: ['GROUP_RESULT_SUBMITTED'], groupId: 'guild-ok' }, production)).errors?.[0]?.extensions;
    expect(await refusal(`${base}/ok`)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.url', rule: 'https' });
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.7', '192.168.1.1', '169.254.169.254', '[::1]', '[fd00::1]', '100.64.1.1']) {
      expect([host, await refusal(`https://${host}/hook`)]).toEqual([host, expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'input.url', rule: 'public-address' })]);
    }
    expect((await graphql(production.url, ENDPOINTS, {}, tokens.ana)).data!.webhooks.edges).toEqual([]);
  });

  it("shows a stranger nothing of another's endpoints and deliveries, and pages the owner's log", async () => {
    const endpointId = await endpointIdOf('ana', '/ok');
    const stranger = await graphql(api.url, DELIVERIES, { id: endpointId }, tokens.cy);
    expect(stranger.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'endpointId' });
    expect((await graphql(api.url, DELIVERIES, { id: endpointId })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await graphql(api.url, DELIVERIES, { id: 'not-an-id' }, tokens.ana)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    for (const mutation of ['pauseWebhook(id: $id) { id }', 'resumeWebhook(id: $id) { id }', 'rotateWebhookSecret(id: $id) { secret }', 'deleteWebhook(id: $id)']) {
      const answer = await graphql(api.url, `mutation($id: ID!) { ${mutation} }`, { id: endpointId }, tokens.cy);
      expect([mutation, answer.errors?.[0]?.extensions?.code]).toEqual([mutation, 'NOT_FOUND']);
    }
    expect((await graphql(api.url, ENDPOINTS, {}, tokens.cy)).data!.webhooks.edges.map((e: any) => e.node.id)).not.toContain(endpointId);

    const all = await deliveries('ana', endpointId);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const page = await graphql(api.url, DELIVERIES, { id: endpointId, first: 1 }, tokens.ana);
    const next = await graphql(api.url, DELIVERIES, { id: endpointId, first: 1, after: page.data!.webhookDeliveries.pageInfo.endCursor }, tokens.ana);
    expect(page.data!.webhookDeliveries.pageInfo.hasNextPage).toBe(true);
    expect([page.data!.webhookDeliveries.edges[0].node.id, next.data!.webhookDeliveries.edges[0].node.id]).toEqual([all[0].id, all[1].id]);
  });

  it('signs with a rotated secret from then on, and sends nothing to a deleted endpoint', async () => {
    const endpointId = await endpointIdOf('ana', '/ok');
    const rotated = await graphql(api.url, `mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`, { id: endpointId }, tokens.ana);
    const old = receiver.secrets.get('/ok')!;
    expect(rotated.data!.rotateWebhookSecret.secret).not.toBe(old);
    receiver.secrets.set('/ok', rotated.data!.rotateWebhookSecret.secret);
    const seen = receiver.of('/ok').length;
    await submit('ben');
    await until('the delivery signed anew', async () => receiver.of('/ok').length > seen);
    expect(receiver.of('/ok')[seen].verified).toBe(true);

    expect((await graphql(api.url, `mutation($id: ID!) { deleteWebhook(id: $id) }`, { id: endpointId }, tokens.ana)).data!.deleteWebhook).toBe(endpointId);
    expect((await graphql(api.url, DELIVERIES, { id: endpointId }, tokens.ana)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const after = receiver.of('/ok').length;
    await submit('ben');
    await new Promise((wait) => setTimeout(wait, 1_500));
    expect(receiver.of('/ok')).toHaveLength(after);
  });
});
