import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { EmittedWebhookEvent, webhookEventsQueue } from '@scriptbook/platform/webhooks';
import { campaignsApp, campaignsWorkerApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { envelopeUnlockJobId, envelopeUnlockQueue } from './envelope-unlock.queue';
import { GroupEnvelopeEntity } from '../legacy/group-envelope.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version twomState { envelopesOpened { envelopeId openedAt byScenarioId } } } }`;
const RECORD = `mutation($input: RecordScenarioOutcomeInput!) {
  recordScenarioOutcome(input: $input) {
    campaignId version scenarioId won envelopeId envelopeNamedBy opensEnvelope envelopeNote
    groupEnvelope { envelopeId state unlockJobId openedByScenarioId openedInCampaignId openedBy { id } progress { campaignsDone campaignsTotal percent } }
    unlockJob { id }
  }
}`;
const ENVELOPES = `query($groupId: ID!) {
  groupEnvelopes(groupId: $groupId) {
    envelopeId letter name state openedAt completedAt openedByScenarioId openedInCampaignId unlockJobId openedBy { id }
    progress { campaignsDone campaignsTotal percent } contentGaps { field note }
  }
}`;
const HISTORY = `query($id: ID!) { campaignHistory(campaignId: $id, first: 10) { edges { node { version name args playerId clientId delta { op path from to } } } } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { rule } } }`;

const EPIDEMIC = 'twom:scenario:epidemic';
const REFUGEES = 'twom:scenario:refugees';

interface Opened {
  envelopeId: string;
  openedAt: string;
  byScenarioId: string;
}

describe('legacy envelopes on Postgres and Redis, with the campaigns worker', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService;
  let writer: MembershipWriter;
  let db: DataSource;
  let queue: Queue;
  const token: Record<string, string> = {};

  const record = (who: string, input: Record<string, unknown>) => graphql(api.url, RECORD, { input }, token[who]);
  const envelopesOf = async (groupId: string, who = 'ana') => {
    const response = await graphql(api.url, ENVELOPES, { groupId }, token[who]);
    expect(response.errors).toBeUndefined();
    return response.data!.groupEnvelopes as { envelopeId: string; state: string; [field: string]: unknown }[];
  };
  const newCampaign = async (groupId: string, gameId = 'twom') => {
    const response = await graphql(api.url, CREATE, { input: { gameId, name: 'Siege', groupId } }, token.ana);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  const opened = async (campaignId: string) => {
    const campaign = await db.getRepository(CampaignEntity).findOneByOrFail({ id: campaignId });
    return { version: campaign.version, envelopes: ((campaign.state as { envelopesOpened?: Opened[] }).envelopesOpened ?? []) as Opened[] };
  };
  const openChanges = (campaignId: string) => db.getRepository(CampaignChangeEntity).findBy({ campaignId, name: 'open-envelope' });
  const until = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const openedFor = (groupId: string, envelopeId: string) =>
    until(async () => (await envelopesOf(groupId)).find((e) => e.envelopeId === envelopeId)?.state === 'OPENED', `${envelopeId} to open for ${groupId}`);
  const stored = async () => ({
    changes: await db.getRepository(CampaignChangeEntity).count(),
    envelopes: await db.getRepository(GroupEnvelopeEntity).count(),
    jobs: await queue.count(),
  });

  beforeAll(async () => {
    writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({
      groupId: 'thursday-box',
      version: 1,
      members: [
        { playerId: 'player-ana', role: 'OWNER' },
        { playerId: 'player-ben', role: 'MEMBER' },
        { playerId: 'player-dan', role: 'MEMBER' },
      ],
    });
    await writer.write({ groupId: 'friday-box', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    await writer.finishRebuild(rebuild);
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    // Batches of 2, so a group of a few campaigns already takes several batches.
    worker = await startService(campaignsWorkerApp, isolation.postgresEnv('campaigns', { ENVELOPE_BATCH_SIZE: '2' }));
    const tokens = api.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo', 'dan']) token[who] = tokens.issue(`player-${who}`).accessToken;
    db = api.app.get(DataSource);
    queue = new Queue(envelopeUnlockQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
  });

  afterAll(async () => {
    await queue?.close();
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('one win opens the envelope in every campaign of the group, once each, and new campaigns start with it', async () => {
    const campaigns = [];
    for (let i = 0; i < 7; i++) campaigns.push(await newCampaign('thursday-box'));
    const zoneSurvival = await newCampaign('thursday-box', 'stalker-zs');
    const elsewhere = await newCampaign('friday-box');
    expect((await envelopesOf('thursday-box')).map((e) => [e.envelopeId, e.state])).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((letter) => [`twom:envelope:${letter}`, 'CLOSED']),
    );

    const win = await record('ben', { campaignId: campaigns[2], scenarioId: EPIDEMIC, won: true, envelope: 'twom:envelope:c' });
    expect(win.errors).toBeUndefined();
    expect(win.data!.recordScenarioOutcome).toMatchObject({
      campaignId: campaigns[2],
      version: 1,
      won: true,
      envelopeId: 'twom:envelope:c',
      envelopeNamedBy: 'SCENARIO_SHEET',
      opensEnvelope: true,
      groupEnvelope: {
        envelopeId: 'twom:envelope:c',
        state: 'OPENING',
        unlockJobId: envelopeUnlockJobId({ groupId: 'thursday-box', envelopeId: 'twom:envelope:c' }),
        openedByScenarioId: EPIDEMIC,
        openedInCampaignId: campaigns[2],
        openedBy: { id: 'player-ben' },
      },
    });
    expect(win.data!.recordScenarioOutcome.unlockJob).toEqual({ id: win.data!.recordScenarioOutcome.groupEnvelope.unlockJobId });
    await openedFor('thursday-box', 'twom:envelope:c');
    // job(id) answers every member of the group, whoever won, and nobody else.
    const jobs = api.app.get(JobDirectory);
    const jobId = win.data!.recordScenarioOutcome.unlockJob.id as string;
    expect(await jobs.find(jobId, { playerId: 'player-ana' })).toMatchObject({ id: jobId, state: 'completed', progress: 100 });
    await expect(jobs.find(jobId, { playerId: 'player-cleo' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const [, , c] = await envelopesOf('thursday-box');
    expect(c).toMatchObject({ state: 'OPENED', letter: 'C', name: 'Envelope C', progress: { campaignsDone: 7, campaignsTotal: 7, percent: 100 } });
    expect(c.contentGaps).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'contents' }), expect.objectContaining({ field: 'scenarioId' })]));
    const openedAt = c.openedAt as string;
    for (const id of campaigns) {
      const { version, envelopes } = await opened(id);
      expect(envelopes).toEqual([{ envelopeId: 'twom:envelope:c', openedAt, byScenarioId: EPIDEMIC }]);
      expect(version).toBe(id === campaigns[2] ? 2 : 1);
      const changes = await openChanges(id);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ version, playerId: 'player-ben', clientId: null, args: { envelopeId: 'twom:envelope:c', byScenarioId: EPIDEMIC, openedInCampaignId: campaigns[2] } });
    }
    // The history shows the win and the opening, by the player who won; the delta replays onto a device's copy.
    const history = await graphql(api.url, HISTORY, { id: campaigns[0] }, token.ana);
    expect(history.data!.campaignHistory.edges.map((e: { node: unknown }) => e.node)).toEqual([
      {
        version: 1,
        name: 'open-envelope',
        args: { envelopeId: 'twom:envelope:c', byScenarioId: EPIDEMIC, openedInCampaignId: campaigns[2] },
        playerId: 'player-ben',
        clientId: null,
        delta: [{ op: 'set', path: ['envelopesOpened'], from: [], to: [{ envelopeId: 'twom:envelope:c', openedAt, byScenarioId: EPIDEMIC }] }],
      },
    ]);
    // An opened envelope stays opened: its change cannot be undone.
    const undo = await graphql(api.url, `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version } }`, { id: campaigns[0], v: 1 }, token.ana);
    expect(undo.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: 'legacy' });
    const won = await graphql(api.url, HISTORY, { id: campaigns[2] }, token.ana);
    expect(won.data!.campaignHistory.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['open-envelope', 'record-scenario-outcome']);
    // Other games and other groups are untouched.
    expect(await opened(zoneSurvival)).toEqual({ version: 0, envelopes: [] });
    expect(await opened(elsewhere)).toEqual({ version: 0, envelopes: [] });
    expect((await envelopesOf('friday-box')).every((e) => e.state === 'CLOSED')).toBe(true);

    // A campaign made afterwards starts with the envelope, at version 0.
    const later = await graphql(api.url, CREATE, { input: { gameId: 'twom', name: 'Spring', groupId: 'thursday-box' } }, token.ana);
    expect(later.data!.createCampaign).toEqual({ id: expect.any(String), version: 0, twomState: { envelopesOpened: [{ envelopeId: 'twom:envelope:c', openedAt, byScenarioId: EPIDEMIC }] } });
    // Pushes go on as before on top of the new state.
    const push = await graphql(api.url, PUSH, { input: { campaignId: campaigns[0], clientId: 'phone-ana-1', actions: [{ seq: 1, name: 'advance-day' }] } }, token.ana);
    expect(push.data!.pushCampaignActions).toEqual({ version: 2, rejected: [] });
  });

  it('opens an envelope once for a second win, a retried request and two members winning at once', async () => {
    const campaigns = [await newCampaign('friday-box'), await newCampaign('friday-box'), await newCampaign('friday-box')];
    const input = (campaignId: string, clientId: string) => ({ campaignId, scenarioId: REFUGEES, won: true, envelope: 'twom:envelope:d', clientId, seq: 1 });
    const [first, second] = await Promise.all([record('ana', input(campaigns[0], 'phone-ana-1')), record('ben', input(campaigns[1], 'tablet-ben-1'))]);
    expect(first.errors).toBeUndefined();
    expect(second.errors).toBeUndefined();
    const jobId = envelopeUnlockJobId({ groupId: 'friday-box', envelopeId: 'twom:envelope:d' });
    for (const answer of [first, second]) expect(answer.data!.recordScenarioOutcome.groupEnvelope.unlockJobId).toBe(jobId);
    // Both answers agree on the one win that opened it.
    expect(first.data!.recordScenarioOutcome.groupEnvelope.openedInCampaignId).toBe(second.data!.recordScenarioOutcome.groupEnvelope.openedInCampaignId);

    // Ana's phone lost the answer and sends the same request again: the outcome is not recorded twice.
    const retried = await record('ana', input(campaigns[0], 'phone-ana-1'));
    expect(retried.data!.recordScenarioOutcome).toMatchObject({ opensEnvelope: true });
    await openedFor('friday-box', 'twom:envelope:d');
    // A later win of the same scenario in another campaign: recorded, but nothing opens again.
    const again = await record('ana', { campaignId: campaigns[2], scenarioId: REFUGEES, won: true, envelope: 'twom:envelope:d' });
    expect(again.data!.recordScenarioOutcome).toMatchObject({ opensEnvelope: true, groupEnvelope: { state: 'OPENED' }, envelopeNote: expect.stringMatching(/already opened/) });

    expect(await db.getRepository(GroupEnvelopeEntity).countBy({ groupId: 'friday-box', envelopeId: 'twom:envelope:d' })).toBe(1);
    expect((await queue.getJobs(['completed', 'failed', 'waiting', 'active', 'delayed'])).filter((job) => job.id === jobId)).toHaveLength(1);
    for (const id of await db.getRepository(CampaignEntity).findBy({ groupId: 'friday-box', gameId: 'twom' }).then((rows) => rows.map((r) => r.id))) {
      expect((await opened(id)).envelopes.filter((e) => e.envelopeId === 'twom:envelope:d')).toHaveLength(1);
      expect((await openChanges(id)).filter((change) => (change.args as { envelopeId: string }).envelopeId === 'twom:envelope:d')).toHaveLength(1);
    }
    const recorded = await db.getRepository(CampaignChangeEntity).findBy({ campaignId: campaigns[0], name: 'record-scenario-outcome' });
    expect(recorded).toHaveLength(1);
  });

  it("hands each group's opening to the webhook queue once, as group.envelope.opened, for scoring's worker to deliver", async () => {
    const webhookEvents = new Queue(webhookEventsQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
    try {
      const jobs = await webhookEvents.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
      const opened = jobs.map((job) => job.data as EmittedWebhookEvent).filter((emitted) => emitted.event.type === 'group.envelope.opened');
      const of = (groupId: string, envelopeId: string) => opened.filter((e) => e.event.data.groupId === groupId && e.event.data.envelopeId === envelopeId);
      // Friday's envelope D was asked for by two wins at once and a retry: one event.
      expect(of('friday-box', 'twom:envelope:d')).toHaveLength(1);
      expect(of('thursday-box', 'twom:envelope:c')).toEqual([
        {
          event: {
            id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
            type: 'group.envelope.opened',
            version: 1,
            occurredAt: expect.any(String),
            data: expect.objectContaining({ groupId: 'thursday-box', gameId: 'twom', envelopeId: 'twom:envelope:c', openedByPlayerId: 'player-ben', byScenarioId: EPIDEMIC, campaigns: 7 }),
          },
          audience: { group: 'thursday-box' },
        },
      ]);
    } finally {
      await webhookEvents.close();
    }
  });

  it('a defeat opens nothing, nor a win that names no envelope', async () => {
    const id = await newCampaign('thursday-box');
    const before = await stored();
    const defeat = await record('ana', { campaignId: id, scenarioId: REFUGEES, won: false, envelope: 'twom:envelope:e' });
    expect(defeat.data!.recordScenarioOutcome).toMatchObject({ won: false, envelopeId: 'twom:envelope:e', opensEnvelope: false, groupEnvelope: null });
    expect(defeat.data!.recordScenarioOutcome.envelopeNote).toMatch(/not won: Envelope E stays closed/);
    const unnamed = await record('ana', { campaignId: id, scenarioId: EPIDEMIC, won: true });
    expect(unnamed.data!.recordScenarioOutcome).toMatchObject({ won: true, envelopeId: null, envelopeNamedBy: null, opensEnvelope: false, groupEnvelope: null });
    expect(unnamed.data!.recordScenarioOutcome.envelopeNote).toMatch(/does not say which envelope Epidemic opens/);
    // Both outcomes are recorded; no envelope row, no job.
    expect(await stored()).toEqual({ ...before, changes: before.changes + 2 });
    expect((await envelopesOf('thursday-box')).find((e) => e.envelopeId === 'twom:envelope:e')!.state).toBe('CLOSED');
    const state = await db.getRepository(CampaignEntity).findOneByOrFail({ id });
    expect(state.state).toMatchObject({ scenariosPlayed: [REFUGEES, EPIDEMIC], scenariosWon: [EPIDEMIC] });
  });

  it('a stranger, a former member and an anonymous caller can neither record nor see, and nothing is stored', async () => {
    const id = await newCampaign('thursday-box');
    await writer.write({ groupId: 'thursday-box', version: 2, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    const before = await stored();
    const input = { campaignId: id, scenarioId: EPIDEMIC, won: true, envelope: 'twom:envelope:a' };
    for (const who of ['cleo', 'dan']) {
      const refused = await record(who, input);
      expect(refused.data).toBeNull();
      expect(refused.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'input.campaignId', rule: 'exists' });
      const hidden = await graphql(api.url, ENVELOPES, { groupId: 'thursday-box' }, token[who]);
      expect(hidden.data!.groupEnvelopes).toBeNull();
      expect(hidden.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
    }
    expect((await graphql(api.url, RECORD, { input }, undefined)).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect((await graphql(api.url, ENVELOPES, { groupId: 'thursday-box' })).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input with the field and rule, and stores nothing', async () => {
    const id = await newCampaign('thursday-box');
    const zone = await newCampaign('thursday-box', 'stalker-zs');
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ campaignId: id, scenarioId: 'twom:scenario:no-such', won: true }, 'input.scenarioId', 'known-scenario'],
      [{ campaignId: id, scenarioId: 'stalker-zs:scenario:boss-hunt', won: true }, 'input.scenarioId', 'known-scenario'],
      [{ campaignId: id, scenarioId: 'twom:envelope:a', won: true }, 'input.scenarioId', 'known-scenario'],
      [{ campaignId: id, scenarioId: EPIDEMIC, won: true, envelope: 'twom:envelope:z' }, 'input.envelope', 'known-envelope'],
      [{ campaignId: id, scenarioId: EPIDEMIC, won: true, envelope: REFUGEES }, 'input.envelope', 'known-envelope'],
      [{ campaignId: id, scenarioId: EPIDEMIC, won: true, envelope: '' }, 'input.envelope', 'min'],
      [{ campaignId: id, scenarioId: EPIDEMIC, won: true, clientId: 'phone-ana-1' }, 'input.seq', 'client-id-with-seq'],
      [{ campaignId: id, scenarioId: EPIDEMIC, won: true, clientId: 'bad id', seq: 1 }, 'input.clientId', 'client-id-format'],
      [{ campaignId: zone, scenarioId: 'stalker-zs:scenario:boss-hunt', won: true, envelope: 'twom:envelope:a' }, 'input.campaignId', 'outcome-game'],
    ];
    for (const [input, field, rule] of cases) {
      const response = await record('ana', input);
      expect({ input, extensions: response.errors?.[0].extensions }).toEqual({ input, extensions: { code: 'BAD_USER_INPUT', field, rule } });
    }
    expect(await stored()).toEqual(before);
    // A state rule the action breaks is refused the same way: another scenario is in play.
    const started = await graphql(api.url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions: [{ seq: 1, name: 'start-scenario', args: { scenarioId: REFUGEES } }] } }, token.ana);
    expect(started.data!.pushCampaignActions.rejected).toEqual([]);
    const conflict = await record('ana', { campaignId: id, scenarioId: EPIDEMIC, won: true, envelope: 'twom:envelope:b' });
    expect(conflict.errors![0].extensions).toEqual({ code: 'CONFLICT', field: 'input.scenarioId', rule: 'other-scenario-in-play' });
    expect((await envelopesOf('thursday-box')).find((e) => e.envelopeId === 'twom:envelope:b')!.state).toBe('CLOSED');
  });
});
