import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CAMPAIGN_PURGE_SCHEDULER, campaignPurgeQueue } from './campaign-purge.queue';
import { keysMentioning, rowsMentioning } from './testing/leftovers';
import { campaignWithNotes, LIFECYCLE } from './testing/lifecycle-operations';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const WORKER = 'dist/services/campaigns/src/worker.js';
const LOGGED = 30_000;

jest.setTimeout(120_000);

/**
 * The purge survives its worker dying halfway: the worker runs as a process
 * of its own and is killed with SIGKILL while the campaign's log is being
 * deleted batch by batch; the half-purged campaign stays NOT_FOUND and cannot
 * be restored, and a new worker takes the job over once its lock lapses and
 * leaves no row or Redis key of it.
 */
describe('a purge whose worker is killed halfway', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let db: DataSource;
  let queue: Queue;
  let ana: string;
  const workers: ServiceProcess[] = [];
  // Small batches and a short lock: the purge lasts long enough to be cut, and the takeover comes within seconds.
  const workerEnv = () =>
    isolation.postgresEnv('campaigns', { CAMPAIGN_PURGE_AFTER_DAYS: '0', CAMPAIGN_PURGE_BATCH_SIZE: '20', CAMPAIGN_PURGE_JOB_LOCK_MS: '1000' });
  const logged = async (id: string) => Number((await db.query(`SELECT count(*)::int AS n FROM campaign_changes WHERE campaign_id = $1`, [id]))[0].n);
  const rowLeft = async (id: string) => Number((await db.query(`SELECT count(*)::int AS n FROM campaigns WHERE id = $1`, [id]))[0].n) === 1;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, WORKER))) throw new Error(`${WORKER} is missing: run \`npm run build\` (npm test does) first`);
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns', { CAMPAIGN_SNAPSHOT_EVERY: '100' }));
    db = api.app.get(DataSource);
    ana = api.app.get(TokenService).issue('player-ana').accessToken;
    queue = new Queue(campaignPurgeQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
  });

  afterAll(async () => {
    for (const worker of workers) await worker.kill();
    await queue?.close();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('is finished by a new worker, leaving no row or Redis key of the campaign', async () => {
    // A played campaign (its pushes queue a snapshot job in Redis), then a long log written straight to the table.
    const id = await campaignWithNotes(api.url, ana, 'cellar', 'Long war', 100);
    await db.query(
      `INSERT INTO campaign_changes (campaign_id, version, name, args, delta, client_id, seq, player_id, applied_at)
       SELECT $1, v, 'add-note', '{"text":"Night"}', '[]', NULL, NULL, 'player-ana', $2 FROM generate_series(101, $3::int) AS v`,
      [id, Date.now(), LOGGED],
    );
    await db.query(`UPDATE campaigns SET version = $2 WHERE id = $1`, [id, LOGGED]);
    expect((await keysMentioning(redis, isolation.redisPrefix, id)).length).toBeGreaterThan(0);
    expect((await graphql(api.url, LIFECYCLE.delete, { id }, ana)).errors).toBeUndefined();

    workers.push(await startServiceProcess(WORKER, workerEnv()));
    await queue.add(CAMPAIGN_PURGE_SCHEDULER, {});
    // Kill it once part of the log is gone, but not all.
    for (let i = 0; i < 3000 && (await logged(id)) > LOGGED - 2_000; i++) await new Promise((r) => setTimeout(r, 10));
    await workers[0].kill();
    const atKill = await logged(id);
    expect(atKill).toBeLessThan(LOGGED);
    expect(atKill).toBeGreaterThan(0);
    expect(await rowLeft(id)).toBe(true);

    // Half purged, it is claimed: still NOT_FOUND, and no longer restorable.
    const restore = await graphql(api.url, LIFECYCLE.restore, { id }, ana);
    expect(restore.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' });

    workers.push(await startServiceProcess(WORKER, workerEnv()));
    for (let i = 0; i < 1200 && (await rowLeft(id)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await rowLeft(id)).toBe(false);
    expect(await rowsMentioning(db, isolation.schemaFor('campaigns'), id)).toEqual({});
    expect(await keysMentioning(redis, isolation.redisPrefix, id)).toEqual([]);
  });
});
