import Redis from 'ioredis';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CampaignFile, readCampaignFile, replayCampaignFile, stateHash } from '@scriptbook/campaign-model/files';
import { variedArgs } from '@scriptbook/campaign-model/files/testing/simulated-campaign';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version } }`;
const READ = `query($id: ID!) { campaign(id: $id) { version stateJson } }`;
const CHANGES = `query($id: ID!, $since: Int, $after: String) {
  campaignChanges(campaignId: $id, sinceVersion: $since, after: $after, first: 60) {
    hasMore endCursor changes { version name args clientId seq playerId undoneByVersion delta { op path by from to } }
  }
}`;
const REVERT = `mutation($id: ID!, $v: Int!) { revertCampaignTo(campaignId: $id, version: $v) { version } }`;
const IMPORT = `mutation($input: ImportCampaignInput!) { importCampaign(input: $input) { campaignId } }`;

type Step = { kind: 'actions'; picks: { action: number; variant: number }[] } | { kind: 'undo' | 'revert'; back: number };
const steps = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('actions' as const), picks: fc.array(fc.record({ action: fc.nat(), variant: fc.nat({ max: 5 }) }), { minLength: 5, maxLength: 30 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('undo' as const, 'revert' as const), back: fc.nat({ max: 5 }) }) },
  ),
  { minLength: 2, maxLength: 8 },
);

/**
 * The export and import of the running service, over random play of every game of the release's catalog (its actions'
 * examples, numbers varied, pushed by the API, with undos and reverts): the file replays to the campaign's stored state, and its import
 * is a campaign with the same state and the same history. On real Postgres and on SQLite.
 */
describe.each(['Postgres', 'SQLite'])('campaign files of random play, on %s', (database) => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'campaign-files-property-'));
  let service: RunningService;
  let bearer: string;
  const call = (query: string, variables: Record<string, unknown>) => graphql(service.url, query, variables, bearer);
  const historyOf = async (id: string) => {
    const changes: Record<string, unknown>[] = [];
    let after: string | undefined;
    for (;;) {
      const answer = await call(CHANGES, after ? { id, after } : { id, since: 0 });
      expect(answer.errors).toBeUndefined();
      const page = answer.data!.campaignChanges;
      changes.push(...page.changes);
      if (!page.hasMore) return changes;
      after = page.endCursor;
    }
  };

  beforeAll(async () => {
    const env = isolation.postgresEnv('campaigns');
    if (database === 'SQLite') {
      const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...sqlite } = env;
      service = await startService(campaignsApp, { ...sqlite, SQLITE_DIR: sqliteDir });
    } else {
      service = await startService(campaignsApp, env);
    }
    bearer = service.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    rmSync(sqliteDir, { recursive: true, force: true });
  });

  it.each(RELEASE_CATALOG.campaignGames().map((game) => [game.id, game.campaign!] as const))('%s: export, replay and import agree with the campaign', async (gameId, model) => {
    let longest = 0;
    await fc.assert(
      fc.asyncProperty(steps, async (taken: Step[]) => {
        const id = (await call(CREATE, { input: { gameId, name: 'Random evening' } })).data!.createCampaign.id as string;
        let seq = 0;
        for (const step of taken) {
          if (step.kind !== 'actions') {
            const { version } = (await call(READ, { id })).data!.campaign;
            // Refused undos and reverts (a later change on top, already undone, a legacy opening since) leave nothing, as on a table.
            if (step.kind === 'undo' && version > step.back) await call(UNDO, { id, v: version - step.back });
            if (step.kind === 'revert' && version > step.back + 1) await call(REVERT, { id, v: version - step.back - 1 });
            continue;
          }
          const actions = step.picks.map(({ action, variant }) => {
            const definition = model.actions[action % model.actions.length];
            seq += 1;
            return { seq, name: definition.name, args: variedArgs(definition.example, variant) };
          });
          expect((await call(PUSH, { input: { campaignId: id, clientId: 'random-device-1', actions } })).errors).toBeUndefined();
        }
        const stored = (await call(READ, { id })).data!.campaign;
        longest = Math.max(longest, stored.version);
        const response = await fetch(`${service.url}/campaigns/${id}/export`, {
          headers: { authorization: `Bearer ${bearer}`, [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, '') },
        });
        expect(response.status).toBe(200);
        const file = (await response.json()) as CampaignFile;
        expect(file.campaign.version).toBe(stored.version);
        expect(stateHash(replayCampaignFile(model, readCampaignFile(file).file).state)).toBe(stateHash(stored.stateJson));

        const imported = await call(IMPORT, { input: { groupId: 'personal-player-ana', file } });
        expect(imported.errors).toBeUndefined();
        const newId = imported.data!.importCampaign.campaignId as string;
        expect((await call(READ, { id: newId })).data!.campaign).toEqual(stored);
        expect(await historyOf(newId)).toEqual(await historyOf(id));
      }),
      { numRuns: 6 },
    );
    // The examples apply often enough that some run played more than a few versions, undos among them.
    expect(longest).toBeGreaterThan(5);
  });
});
