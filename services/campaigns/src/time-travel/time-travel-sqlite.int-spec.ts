import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { applyChanges, sameJson, StateChange } from '@scriptbook/campaign-model';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';

const EVERY = 5;

/** Time travel and revert on SQLite, as `npm start` runs them, with no worker: only version 0 is stored until a read stores what it passes. */
describe('time travel and revert on SQLite', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'time-travel-'));
  let service: RunningService;
  let token: string;
  const call = (query: string, variables: Record<string, unknown>) => graphql(service.url, query, variables, token);

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...env } = isolation.postgresEnv('campaigns', { CAMPAIGN_SNAPSHOT_EVERY: String(EVERY) });
    service = await startService(campaignsApp, { ...env, SQLITE_DIR: sqliteDir });
    token = service.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    rmSync(sqliteDir, { recursive: true, force: true });
  });

  it('reads every version as the log replayed from 0 gives it, and reverts with one change', async () => {
    const created = await call(`mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id stateJson } }`, { input: { gameId: 'twom', name: 'On the kitchen laptop' } });
    const { id, stateJson } = created.data!.createCampaign;
    const actions = Array.from({ length: 17 }, (_, i) =>
      i % 3 === 2 ? { seq: i + 1, name: 'spend-resource', args: { resource: 'Wood', amount: 1 } } : { seq: i + 1, name: 'add-resource', args: { resource: i % 2 ? 'Wood' : 'Water', amount: i + 1 } },
    );
    const pushed = await call(`mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`, { input: { campaignId: id, clientId: 'laptop-ana-1', actions } });
    const version = pushed.data!.pushCampaignActions.version as number;
    const revert = await call(`mutation($id: ID!) { revertCampaignTo(campaignId: $id, version: 6) { version name } }`, { id });
    expect(revert.data!.revertCampaignTo).toEqual({ version: version + 1, name: 'revert' });

    const pulled = await call(`query($id: ID!) { campaignChanges(campaignId: $id, sinceVersion: 0) { changes { delta { op path by from to } } } }`, { id });
    const states = [stateJson];
    for (const change of pulled.data!.campaignChanges.changes as { delta: StateChange[] }[]) states.push(applyChanges(states[states.length - 1], change.delta));
    expect(sameJson(states[version + 1], states[6])).toBe(true);
    for (let v = 0; v <= version + 1; v++) {
      const read = await call(`query($id: ID!, $v: Int!) { campaignAt(campaignId: $id, version: $v) { stateJson replayedChanges } }`, { id, v });
      expect({ v, same: sameJson(read.data!.campaignAt.stateJson, states[v]) }).toEqual({ v, same: true });
      // With no worker, a multiple of the interval is first reached from the one before (EVERY changes) and stored; then it costs nothing.
      expect(read.data!.campaignAt.replayedChanges).toBeLessThanOrEqual(v % EVERY === 0 ? EVERY : EVERY - 1);
      if (v % EVERY === 0) {
        const again = await call(`query($id: ID!, $v: Int!) { campaignAt(campaignId: $id, version: $v) { replayedChanges } }`, { id, v });
        expect({ v, replayed: again.data!.campaignAt.replayedChanges }).toEqual({ v, replayed: 0 });
      }
    }
  });
});
