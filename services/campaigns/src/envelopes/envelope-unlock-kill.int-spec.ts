import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, timeOrderedId, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';
import { campaignModelOf } from '@scriptbook/games';
import { GroupEnvelopeEntity } from '../legacy/group-envelope.entity';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const WORKER = 'dist/services/campaigns/src/worker.js';
const CAMPAIGNS = 600;
const RECORD = `mutation($input: RecordScenarioOutcomeInput!) { recordScenarioOutcome(input: $input) { opensEnvelope groupEnvelope { unlockJobId } } }`;

/**
 * The unlock job survives its worker dying mid fan-out: the worker runs as a
 * process of its own and is killed with SIGKILL (no shutdown hook, no lock
 * released) while campaigns are still being updated; a new worker takes the
 * job over once its lock lapses and finishes it, and no campaign holds the
 * envelope, or its change, twice.
 */
describe('an envelope unlock whose worker is killed halfway', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let db: DataSource;
  const workers: ServiceProcess[] = [];
  // Batches of one and short lock and stall checks: the fan-out lasts long enough to be cut, and the takeover comes within seconds.
  const workerEnv = () =>
    isolation.postgresEnv('campaigns', { ENVELOPE_BATCH_SIZE: '1', ENVELOPE_JOB_LOCK_MS: '1000', ENVELOPE_JOB_STALLED_CHECK_MS: '1000' });
  const progress = async () => db.getRepository(GroupEnvelopeEntity).findOneBy({ groupId: 'kill-box', envelopeId: 'twom:envelope:a' });
  const holding = async () =>
    Number(
      (await db.query(`SELECT count(*) AS n FROM campaigns WHERE group_id = 'kill-box' AND state::jsonb -> 'envelopesOpened' @> '[{"envelopeId": "twom:envelope:a"}]'::jsonb`))[0].n,
    );

  beforeAll(async () => {
    if (!existsSync(join(ROOT, WORKER))) throw new Error(`${WORKER} is missing: run \`npm run build\` (npm test does) first`);
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'kill-box', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    db = api.app.get(DataSource);
    const twom = campaignModelOf('twom')!;
    const rows = Array.from({ length: CAMPAIGNS }, (_, i) => ({
      id: timeOrderedId(),
      gameId: 'twom',
      name: `Siege ${i}`,
      ownerId: 'player-ana',
      groupId: 'kill-box',
      version: 0,
      seed: `seed-${i}`,
      state: twom.initial(`seed-${i}`, null).state as object,
      setupTranscript: null,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.getRepository(CampaignEntity).insert(rows.slice(i, i + 200));
  });

  afterAll(async () => {
    for (const worker of workers) await worker.kill();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('finishes on a new worker, every campaign holding the envelope and its change exactly once', async () => {
    workers.push(await startServiceProcess(WORKER, workerEnv()));
    const token = api.app.get(TokenService).issue('player-ana').accessToken;
    const [first] = await db.getRepository(CampaignEntity).find({ where: { groupId: 'kill-box' }, order: { id: 'ASC' }, take: 1 });
    const win = await graphql(api.url, RECORD, { input: { campaignId: first.id, scenarioId: 'twom:scenario:you-and-me', won: true, envelope: 'twom:envelope:a' } }, token);
    expect(win.errors).toBeUndefined();
    expect(win.data!.recordScenarioOutcome.opensEnvelope).toBe(true);

    // Kill it once a good part of the group is done, but not all.
    for (let i = 0; i < 600 && ((await progress())?.campaignsDone ?? 0) < CAMPAIGNS / 5; i++) await new Promise((r) => setTimeout(r, 20));
    await workers[0].kill();
    const atKill = await holding();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(CAMPAIGNS);
    expect((await progress())!.state).toBe('OPENING');

    workers.push(await startServiceProcess(WORKER, workerEnv()));
    for (let i = 0; i < 1200 && (await progress())?.state !== 'OPENED'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await progress()).toMatchObject({ state: 'OPENED', campaignsDone: CAMPAIGNS, campaignsTotal: CAMPAIGNS });

    const perCampaign: { id: string; version: number; held: string; changes: string }[] = await db.query(
      `SELECT c.id, c.version,
              jsonb_array_length(c.state::jsonb -> 'envelopesOpened')::text AS held,
              (SELECT count(*) FROM campaign_changes ch WHERE ch.campaign_id = c.id AND ch.name = 'open-envelope')::text AS changes
       FROM campaigns c WHERE c.group_id = 'kill-box'`,
    );
    expect(perCampaign).toHaveLength(CAMPAIGNS);
    const wrong = perCampaign.filter((c) => c.held !== '1' || c.changes !== '1' || c.version !== (c.id === first.id ? 2 : 1));
    expect(wrong).toEqual([]);
  });
});
