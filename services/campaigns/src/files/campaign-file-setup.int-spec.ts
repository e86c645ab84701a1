import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CampaignFile } from '@scriptbook/campaign-model/files';
import { WORKED_EXAMPLES } from '@scriptbook/games';
import { GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { GroupEnvelopeEntity } from '../legacy/group-envelope.entity';
import { CampaignSnapshotEntity } from '../snapshots/campaign-snapshot.entity';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignEntity } from '../store/campaign.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id setupTranscript { text } } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }`;
const READ = `query($id: ID!) { campaign(id: $id) { version stateJson setupTranscript { text } } }`;
const IMPORT = `mutation($input: ImportCampaignInput!) { importCampaign(input: $input) { dryRun campaignId preview { version } } }`;

const incident = WORKED_EXAMPLES['twom-tales.incident-setup'] as { events: string[]; characterDeck: { name: string; border: string }[] };
const coreSetup = WORKED_EXAMPLES['twom.setup'] as { characterDeck: { name: string; border: string }[] };
const zoneSetup = WORKED_EXAMPLES['stalker-zs.setup'] as { scenarioId: string; stalkerCount: number };
const graphqlDeck = (deck: { name: string; border: string }[]) => deck.map(({ name, border }) => ({ name, border: border.toUpperCase() }));

/**
 * A campaign's file carries the setup it was made from (procedure, input as run, seed, transcript), and an import
 * runs that setup again through the game host's procedure: a file whose setup does not give its version-0 state is
 * refused on `input.file.setup` and stores nothing; a campaign made before setups were kept exports null and imports.
 */
describe.each(['Postgres', 'SQLite'])('the setup in a campaign file, on %s', (database) => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'campaign-file-setup-'));
  let service: RunningService;
  let db: DataSource;
  let ana: string;

  const fileOf = async (id: string): Promise<CampaignFile> => {
    const response = await fetch(`${service.url}/campaigns/${id}/export`, {
      headers: { authorization: `Bearer ${ana}`, [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, '') },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as CampaignFile;
  };
  const create = async (input: Record<string, unknown>) => {
    const created = await graphql(service.url, CREATE, { input: { name: 'Setup kept', groupId: 'cellar', ...input } }, ana);
    expect(created.errors).toBeUndefined();
    return created.data!.createCampaign as { id: string; setupTranscript: { text: string }[] };
  };
  const importFile = (file: unknown, dryRun = false) => graphql(service.url, IMPORT, { input: { groupId: 'cellar', file, dryRun } }, ana);
  const read = async (id: string) => (await graphql(service.url, READ, { id }, ana)).data!.campaign;
  const rowCounts = async () => ({ campaigns: await db.getRepository(CampaignEntity).count(), changes: await db.getRepository(CampaignChangeEntity).count() });

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    const env = isolation.postgresEnv('campaigns');
    const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...sqlite } = env;
    service = await startService(campaignsApp, database === 'SQLite' ? { ...sqlite, SQLITE_DIR: sqliteDir } : env);
    ana = service.app.get(TokenService).issue('player-ana').accessToken;
    db = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    rmSync(sqliteDir, { recursive: true, force: true });
  });

  it('exports the setup of a campaign made from a typed setup field, and the import gives the same state', async () => {
    const made = await create({ gameId: 'stalker-zs', seed: 'zone-night', zoneSurvivalSetup: zoneSetup });
    const file = await fileOf(made.id);
    expect(file.setup.procedureId).toBe('stalker-zs.setup');
    expect(file.setup.input).toMatchObject(zoneSetup);
    expect(file.setup.seed).toBe('zone-night');
    expect((file.setup.transcript as { text: string }[]).map((step) => step.text)).toEqual(made.setupTranscript.map((step) => step.text));
    const stored = await db.getRepository(CampaignEntity).findOneByOrFail({ id: made.id });
    expect([stored.setupProcedureId, stored.setupInput]).toEqual([file.setup.procedureId, file.setup.input]);

    const imported = await importFile(file);
    expect(imported.errors).toBeUndefined();
    const copy = imported.data!.importCampaign.campaignId as string;
    expect((await read(copy)).stateJson).toEqual((await read(made.id)).stateJson);
    // The checked version 0 is the new campaign's first snapshot, so its own file carries the same setup.
    expect((await db.getRepository(CampaignSnapshotEntity).findOneByOrFail({ campaignId: copy, version: 0 })).state).toEqual(file.setup.initialState);
    expect((await fileOf(copy)).setup).toEqual(file.setup);
  });

  it('carries a setup of a game with legacy content, played on, through export and import', async () => {
    const made = await create({
      gameId: 'twom',
      seed: 'incident-table',
      talesIncidentSetup: { ...incident, scenario: 'BLOOD_IN_THE_SNOW', events: [...incident.events, 'HARSH WINTER'], characterDeck: graphqlDeck(incident.characterDeck) },
    });
    const pushed = await graphql(
      service.url,
      PUSH,
      { input: { campaignId: made.id, clientId: 'phone-ana-0001', actions: [{ seq: 1, name: 'add-resource', args: { resource: 'Wood', amount: 2 } }] } },
      ana,
    );
    expect(pushed.data!.pushCampaignActions.rejected).toEqual([]);
    const file = await fileOf(made.id);
    expect(file.setup).toMatchObject({ procedureId: 'twom-tales.incident-setup', seed: 'incident-table', input: { scenario: 'blood-in-the-snow' } });
    const imported = await importFile(file);
    expect(imported.errors).toBeUndefined();
    expect((await read(imported.data!.importCampaign.campaignId)).stateJson).toEqual((await read(made.id)).stateJson);
  });

  it('keeps the setup of the deprecated JSON path too, the game’s first setup when no procedure is named', async () => {
    const made = await create({ gameId: 'stalker-zs', seed: 'zone-json', setup: zoneSetup });
    const file = await fileOf(made.id);
    expect(file.setup).toMatchObject({ procedureId: 'stalker-zs.setup', input: zoneSetup, seed: 'zone-json' });
    expect((await importFile(file, true)).errors).toBeUndefined();
  });

  it('refuses a file naming a procedure that is no setup of its game', async () => {
    const made = await create({ gameId: 'stalker-zs', seed: 'zone-other', zoneSurvivalSetup: zoneSetup });
    const file = await fileOf(made.id);
    const refused = await importFile({ ...file, setup: { ...file.setup, procedureId: 'twom.setup' } }, true);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.file.setup', rule: 'setup-mismatch' });
  });

  it('refuses a file whose setup input or seed was changed, on input.file.setup, dry run or not, and stores nothing', async () => {
    const made = await create({ gameId: 'stalker-zs', seed: 'zone-tampered', zoneSurvivalSetup: zoneSetup });
    const file = await fileOf(made.id);
    const otherCount = zoneSetup.stalkerCount === 1 ? 2 : zoneSetup.stalkerCount - 1;
    const tampered: CampaignFile[] = [
      { ...file, setup: { ...file.setup, input: { ...(file.setup.input as object), stalkerCount: otherCount } } },
      { ...file, setup: { ...file.setup, seed: 'another-seed' } },
    ];
    const before = await rowCounts();
    for (const bad of tampered) {
      for (const dryRun of [true, false]) {
        const refused = await importFile(bad, dryRun);
        expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.file.setup', rule: 'setup-mismatch' });
        expect(refused.errors![0].message).toMatch(/^Version 0: /);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('checks a kept setup of a campaign that started with its group’s opened envelopes', async () => {
    await db.getRepository(GroupEnvelopeEntity).insert({
      groupId: 'cellar',
      envelopeId: 'twom:envelope:c',
      state: 'OPENED',
      openedInCampaignId: 'an-earlier-campaign',
      openedByScenarioId: 'twom:scenario:epidemic',
      openedByPlayerId: 'player-ana',
      openedAt: Date.UTC(2026, 10, 20),
      completedAt: Date.UTC(2026, 10, 20),
      jobId: 'envelope-c',
      campaignsDone: 1,
      campaignsTotal: 1,
    });
    const made = await create({ gameId: 'twom', seed: 'with-envelope', twomSetup: { ...coreSetup, characterDeck: graphqlDeck(coreSetup.characterDeck) } });
    const file = await fileOf(made.id);
    expect((file.setup.initialState as { envelopesOpened: { envelopeId: string }[] }).envelopesOpened.map((e) => e.envelopeId)).toEqual(['twom:envelope:c']);
    const imported = await importFile(file);
    expect(imported.errors).toBeUndefined();
    expect((await read(imported.data!.importCampaign.campaignId)).stateJson).toEqual((await read(made.id)).stateJson);
  });

  it('exports a campaign made before setups were kept with null procedure and input, and imports it', async () => {
    const made = await create({ gameId: 'stalker-zs', seed: 'zone-older', zoneSurvivalSetup: zoneSetup });
    await db.getRepository(CampaignEntity).update({ id: made.id }, { setupProcedureId: null, setupInput: null });
    const file = await fileOf(made.id);
    expect(file.setup).toMatchObject({ procedureId: null, input: null, seed: 'zone-older' });
    expect(file.setup.transcript).not.toBeNull();
    const dry = await importFile(file, true);
    expect(dry.errors).toBeUndefined();
    const imported = await importFile(file);
    expect(imported.errors).toBeUndefined();
    expect((await read(imported.data!.importCampaign.campaignId)).stateJson).toEqual((await read(made.id)).stateJson);
  });
});
