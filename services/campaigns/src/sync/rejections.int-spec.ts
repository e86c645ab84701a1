import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignRejectionEntity } from '../store/campaign-rejection.entity';
import { REJECTIONS_KEPT_DAYS, REJECTIONS_KEPT_PER_CLIENT } from './rejection-retention';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) {
  pushCampaignActions(input: $input) { version lastSeq rejected { seq code rule field reason } }
}`;
const PULL = `query($id: ID!, $since: Int, $after: String, $first: Int, $for: [String!]) {
  campaignChanges(campaignId: $id, sinceVersion: $since, after: $after, first: $first, rejectionsFor: $for) {
    version hasMore endCursor clients { clientId lastSeq } changes { version seq }
    rejected { clientId seq name code rule field reason rejectedAt }
  }
}`;

interface Action {
  seq: number;
  name: string;
  args?: unknown;
}
interface Rejection {
  clientId: string;
  seq: number;
  name: string;
  code: string;
  rule: string;
  field: string;
  reason: string;
  rejectedAt: string;
}

const DAY_MS = 86_400_000;
const unknownActions = (from: number, count: number): Action[] => Array.from({ length: count }, (_, i) => ({ seq: from + i, name: `no-such-action-${from + i}` }));

/**
 * The server keeps each device's rejections with its last seq, serves them by pull to the player who pushed them, and prunes
 * them at write: on Postgres (the fast path and, for the pruning, the locked one too) and on SQLite.
 */
describe.each(['Postgres', 'SQLite'])('rejections kept for a pull, on %s', (database) => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'campaign-rejections-'));
  let service: RunningService;
  const token: Record<string, string> = {};
  let db: DataSource;

  const push = (who: string, campaignId: string, clientId: string, actions: Action[]) =>
    graphql(service.url, PUSH, { input: { campaignId, clientId, actions } }, token[who]);
  const pull = (who: string, variables: Record<string, unknown>) => graphql(service.url, PULL, variables, token[who]);
  const newCampaign = async () => {
    const response = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Winter', groupId: 'thursday-box' } }, token.ana);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  const storedRejections = (campaignId: string) => db.getRepository(CampaignRejectionEntity).find({ where: { campaignId }, order: { clientId: 'ASC', seq: 'ASC' } });

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({
      groupId: 'thursday-box',
      version: 1,
      members: [
        { playerId: 'player-ana', role: 'OWNER' },
        { playerId: 'player-ben', role: 'MEMBER' },
      ],
    });
    await writer.finishRebuild(rebuild);
    const env = isolation.postgresEnv('campaigns');
    if (database === 'SQLite') {
      const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...sqlite } = env;
      service = await startService(campaignsApp, { ...sqlite, SQLITE_DIR: sqliteDir });
    } else {
      service = await startService(campaignsApp, env);
    }
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo']) token[who] = tokens.issue(`player-${who}`).accessToken;
    db = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    rmSync(sqliteDir, { recursive: true, force: true });
  });

  it('stores a push’s rejections with its last seq, so a device that lost the answer reads the same reasons from a pull', async () => {
    const id = await newCampaign();
    const batch: Action[] = [
      { seq: 1, name: 'add-resource', args: { resource: 'Water', amount: 1 } },
      { seq: 2, name: 'spend-resource', args: { resource: 'Water', amount: 5 } },
      { seq: 3, name: 'adjust-level', args: { character: 'Nobody', level: 'hunger', by: 1 } },
      { seq: 4, name: 'shout', args: {} },
    ];
    const answered = await push('ana', id, 'phone-ana-1', batch);
    expect(answered.errors).toBeUndefined();
    const { rejected } = answered.data!.pushCampaignActions;
    expect(rejected.map((r: { seq: number }) => r.seq)).toEqual([2, 3, 4]);

    // The device never saw that answer; its retry applies nothing and reports nothing, as before.
    const retried = await push('ana', id, 'phone-ana-1', batch);
    expect(retried.data!.pushCampaignActions).toEqual({ version: 1, lastSeq: 4, rejected: [] });

    const pulled = await pull('ana', { id, since: 0, for: ['phone-ana-1'] });
    expect(pulled.errors).toBeUndefined();
    const page = pulled.data!.campaignChanges;
    expect(page.clients).toEqual([{ clientId: 'phone-ana-1', lastSeq: 4 }]);
    expect(page.rejected.map(({ rejectedAt: _at, ...rest }: Rejection) => rest)).toEqual(
      rejected.map((r: Omit<Rejection, 'clientId' | 'name' | 'rejectedAt'>) => ({ clientId: 'phone-ana-1', name: batch[r.seq - 1].name, ...r })),
    );
    for (const rejection of page.rejected as Rejection[]) expect(Math.abs(Date.parse(rejection.rejectedAt) - Date.now())).toBeLessThan(10 * 60_000);

    const unasked = await pull('ana', { id, since: 0 });
    expect(unasked.data!.campaignChanges.rejected).toEqual([]);
  });

  it('serves rejections only to the player who pushed them: another member reads none of them, an outsider not the campaign', async () => {
    const id = await newCampaign();
    await push('ana', id, 'phone-ana-2', unknownActions(1, 2));
    await push('ben', id, 'tablet-ben-2', unknownActions(1, 1));

    const ben = await pull('ben', { id, since: 0, for: ['phone-ana-2', 'tablet-ben-2'] });
    expect(ben.errors).toBeUndefined();
    expect(ben.data!.campaignChanges.rejected.map((r: Rejection) => [r.clientId, r.seq])).toEqual([['tablet-ben-2', 1]]);
    const ana = await pull('ana', { id, since: 0, for: ['phone-ana-2', 'tablet-ben-2'] });
    expect(ana.data!.campaignChanges.rejected.map((r: Rejection) => [r.clientId, r.seq])).toEqual([
      ['phone-ana-2', 1],
      ['phone-ana-2', 2],
    ]);

    const cleo = await pull('cleo', { id, since: 0, for: ['phone-ana-2'] });
    expect(cleo.data!.campaignChanges).toBeNull();
    expect(cleo.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' });
    const nobody = await graphql(service.url, PULL, { id, since: 0, for: ['phone-ana-2'] });
    expect(nobody.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a malformed device list, and a push refused as a whole stores no rejection', async () => {
    const id = await newCampaign();
    const badId = await pull('ana', { id, since: 0, for: ['phone-ana-3', 'x'] });
    expect(badId.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'rejectionsFor[1]', rule: 'client-id-format' });
    const tooMany = await pull('ana', { id, since: 0, for: Array.from({ length: 21 }, (_, i) => `device-${String(i).padStart(4, '0')}`) });
    expect(tooMany.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'rejectionsFor', rule: 'range' });

    const refused = await push('ana', id, 'phone-ana-3', [
      { seq: 1, name: 'shout' },
      { seq: 2, name: 'add-note', args: { text: 'x'.repeat(9_000) } },
    ]);
    expect(refused.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.actions[1].args', rule: 'args-size' });
    expect(await storedRejections(id)).toEqual([]);
    const after = await pull('ana', { id, since: 0, for: ['phone-ana-3'] });
    expect(after.data!.campaignChanges).toMatchObject({ clients: [], rejected: [] });
  });

  it(`keeps each device's newest ${REJECTIONS_KEPT_PER_CLIENT} and none older than ${REJECTIONS_KEPT_DAYS} days, pruned when a rejection is written`, async () => {
    const id = await newCampaign();
    expect((await push('ana', id, 'phone-ana-4', unknownActions(1, 100))).errors).toBeUndefined();
    expect((await push('ana', id, 'phone-ana-4', unknownActions(101, 5))).errors).toBeUndefined();
    const kept = (await storedRejections(id)).map((row) => row.seq);
    expect(kept).toEqual(Array.from({ length: REJECTIONS_KEPT_PER_CLIENT }, (_, i) => i + 6));

    // Another device's rows, one from past the window and one inside it, as if written then.
    const old = { campaignId: id, clientId: 'watch-ana-4', playerId: 'player-ana', name: 'shout', code: 'BAD_USER_INPUT', rule: 'unknown-action', field: 'name', reason: 'r' };
    await db.getRepository(CampaignRejectionEntity).insert([
      { ...old, seq: 1, rejectedAt: Date.now() - (REJECTIONS_KEPT_DAYS + 1) * DAY_MS },
      { ...old, seq: 2, rejectedAt: Date.now() - (REJECTIONS_KEPT_DAYS - 1) * DAY_MS },
    ]);
    const served = await pull('ana', { id, since: 0, for: ['watch-ana-4'] });
    expect(served.data!.campaignChanges.rejected.map((r: Rejection) => r.seq)).toEqual([2]);
    expect((await storedRejections(id)).filter((row) => row.clientId === 'watch-ana-4')).toHaveLength(2);

    // A push that applies everything stores no rejection and prunes nothing; the next rejection prunes the campaign's old rows.
    await push('ben', id, 'tablet-ben-4', [{ seq: 1, name: 'advance-day' }]);
    expect((await storedRejections(id)).filter((row) => row.clientId === 'watch-ana-4')).toHaveLength(2);
    await push('ben', id, 'tablet-ben-4', unknownActions(2, 1));
    expect((await storedRejections(id)).map((row) => [row.clientId, row.seq]).filter(([clientId]) => clientId !== 'phone-ana-4')).toEqual([
      ['tablet-ben-4', 2],
      ['watch-ana-4', 2],
    ]);
  });
});
