import Redis from 'ioredis';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CampaignFile, CHECKPOINT_EVERY } from '@scriptbook/campaign-model/files';
import { GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignClientEntity } from '../store/campaign-client.entity';
import { CampaignEntity } from '../store/campaign.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }`;
const UNDO = `mutation($id: ID!, $v: Int!) { undoCampaignAction(campaignId: $id, actionVersion: $v) { version } }`;
const READ = `query($id: ID!) { campaign(id: $id) { id name groupId version stateJson } }`;
const CHANGES = `query($id: ID!, $since: Int, $after: String) {
  campaignChanges(campaignId: $id, sinceVersion: $since, after: $after, first: 60) {
    hasMore endCursor clients { clientId lastSeq }
    changes { version name args clientId seq playerId undoneByVersion delta { op path by from to } }
  }
}`;
const IMPORT = `mutation($input: ImportCampaignInput!) {
  importCampaign(input: $input) {
    dryRun campaignId
    preview { gameId name version actions undos serverChanges formatVersion players { player pseudonym entries }
      content { fileHash platformHash same changedPacks { packId fileVersion platformVersion } missingContentIds } }
  }
}`;
const CONSENT = `mutation($id: ID!, $consent: Boolean!) { setCampaignExportConsent(campaignId: $id, consent: $consent) { campaignId consent } }`;

interface Change {
  version: number;
  name: string;
  args: unknown;
  clientId: string | null;
  seq: number | null;
  playerId: string;
  undoneByVersion: number | null;
  delta: unknown[];
}

/**
 * Campaign files through the campaigns subgraph, on real Postgres and on SQLite: a member downloads the file (other members
 * pseudonymous unless they consent), imports it into a group as a new campaign with the same state and history, and a file
 * that disagrees anywhere is refused with its first disagreeing place and leaves no row behind.
 */
describe.each(['Postgres', 'SQLite'])('campaign files, on %s', (database) => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const sqliteDir = mkdtempSync(join(tmpdir(), 'campaign-files-'));
  let service: RunningService;
  let db: DataSource;
  const token: Record<string, string> = {};
  let campaignId: string;

  const exportOf = (id: string, who?: string, signed = true) =>
    fetch(`${service.url}/campaigns/${id}/export`, {
      headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), ...(signed ? { [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, '') } : {}) },
    });
  const fileOf = async (id: string, who: string): Promise<CampaignFile> => {
    const response = await exportOf(id, who);
    expect(response.status).toBe(200);
    return (await response.json()) as CampaignFile;
  };
  const importFile = (who: string | undefined, input: Record<string, unknown>) => graphql(service.url, IMPORT, { input: { groupId: 'thursday-box', ...input } }, who && token[who]);
  const push = async (who: string, clientId: string, seq: number, actions: { name: string; args?: unknown }[]) => {
    const response = await graphql(service.url, PUSH, { input: { campaignId, clientId, actions: actions.map((action, i) => ({ seq: seq + i, ...action })) } }, token[who]);
    expect(response.errors).toBeUndefined();
    expect(response.data!.pushCampaignActions.rejected).toEqual([]);
  };
  const historyOf = async (id: string): Promise<{ changes: Change[]; clients: unknown[] }> => {
    const changes: Change[] = [];
    let after: string | undefined;
    let clients: unknown[] = [];
    for (;;) {
      const answer = await graphql(service.url, CHANGES, after ? { id, after } : { id, since: 0 }, token.ana);
      expect(answer.errors).toBeUndefined();
      const page = answer.data!.campaignChanges;
      changes.push(...page.changes);
      clients = page.clients;
      if (!page.hasMore) return { changes, clients };
      after = page.endCursor;
    }
  };
  const rowCounts = async () => ({
    campaigns: await db.getRepository(CampaignEntity).count(),
    changes: await db.getRepository(CampaignChangeEntity).count(),
    clients: await db.getRepository(CampaignClientEntity).count(),
  });

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
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
    await writer.finishRebuild(rebuild);
    const env = isolation.postgresEnv('campaigns');
    if (database === 'SQLite') {
      const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...sqlite } = env;
      service = await startService(campaignsApp, { ...sqlite, SQLITE_DIR: sqliteDir });
    } else {
      service = await startService(campaignsApp, env);
    }
    const tokens = service.app.get(TokenService);
    for (const who of ['ana', 'ben', 'cleo', 'dan']) token[who] = tokens.issue(`player-${who}`).accessToken;
    db = service.app.get(DataSource);

    const created = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Winter siege', groupId: 'thursday-box', seed: 'files-evening' } }, token.ana);
    campaignId = created.data!.createCampaign.id;
    await push('ana', 'phone-ana-0001', 1, [{ name: 'add-character', args: { character: 'Emira' } }, { name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: 2 } }]);
    await push('ben', 'tablet-ben-0002', 1, [{ name: 'add-resource', args: { resource: 'Water', amount: 3 } }]);
    const undone = await graphql(service.url, UNDO, { id: campaignId, v: 2 }, token.ben);
    expect(undone.errors).toBeUndefined();
    // Past a checkpoint: 100 versions after the first four, in pushes of 50.
    for (let start = 0; start < 2 * 50; start += 50) {
      const batch = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? { name: 'add-resource', args: { resource: 'Wood', amount: 2 } } : { name: 'spend-resource', args: { resource: 'Wood', amount: 1 } }));
      await push(start === 0 ? 'ana' : 'ben', start === 0 ? 'phone-ana-0001' : 'tablet-ben-0002', start === 0 ? 3 : 2, batch);
    }
    // The departure after the campaign was played: dan is a former member.
    await writer.write({ groupId: 'thursday-box', version: 2, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    rmSync(sqliteDir, { recursive: true, force: true });
  });

  it('exports the whole campaign as one versioned file, checkpoints at version 0, every 100th and the last, other members by a stable pseudonym', async () => {
    const response = await exportOf(campaignId, 'ana');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="campaign-${campaignId}-v104.json"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const file = (await response.json()) as CampaignFile;
    expect(file).toMatchObject({ format: 'scriptbook-campaign', formatVersion: 2, campaign: { gameId: 'twom', name: 'Winter siege', version: 104 } });
    expect(file.setup).toMatchObject({ procedureId: null, input: null, seed: 'files-evening' });
    expect(file.checkpoints.map((c) => c.version)).toEqual([0, CHECKPOINT_EVERY, 104]);
    expect(file.actions.map((a) => a.version)).toEqual(Array.from({ length: 104 }, (_, i) => i + 1));
    expect(file.actions[3]).toMatchObject({ version: 4, name: 'undo', undoesVersion: 2, clientId: null, seq: null });
    expect(file.actions[0]).toMatchObject({ name: 'add-character', clientId: 'phone-ana-0001', seq: 1, player: 'player-ana' });

    const benAs = file.actions[2].player;
    expect(benAs).toMatch(/^anon-[A-Za-z0-9_-]{22}$/);
    expect(file.players).toEqual([
      { player: 'player-ana', pseudonym: false },
      { player: benAs, pseudonym: true },
    ]);
    expect(JSON.stringify(file)).not.toContain('player-ben');
    // Stable: the next export names Ben the same way; Ben's own export names him and pseudonymises Ana.
    expect((await fileOf(campaignId, 'ana')).actions[2].player).toBe(benAs);
    const bens = await fileOf(campaignId, 'ben');
    expect(bens.actions[2].player).toBe('player-ben');
    expect(bens.actions[0].player).toMatch(/^anon-/);
  });

  it('names a member who consented by their player id, until they withdraw it', async () => {
    const consented = await graphql(service.url, CONSENT, { id: campaignId, consent: true }, token.ben);
    expect(consented.data!.setCampaignExportConsent).toEqual({ campaignId, consent: true });
    expect((await fileOf(campaignId, 'ana')).players).toEqual([
      { player: 'player-ana', pseudonym: false },
      { player: 'player-ben', pseudonym: false },
    ]);
    await graphql(service.url, CONSENT, { id: campaignId, consent: false }, token.ben);
    expect((await fileOf(campaignId, 'ana')).players[1].pseudonym).toBe(true);
  });

  it('a dry run answers what the import would create and stores nothing', async () => {
    const file = await fileOf(campaignId, 'ana');
    const before = await rowCounts();
    const answer = await importFile('ana', { file, dryRun: true });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.importCampaign).toMatchObject({
      dryRun: true,
      campaignId: null,
      preview: { gameId: 'twom', name: 'Winter siege', version: 104, actions: 103, undos: 1, serverChanges: 0, formatVersion: 2 },
    });
    const { preview } = answer.data!.importCampaign;
    expect(preview.players).toEqual([
      { player: 'player-ana', pseudonym: false, entries: 52 },
      { player: file.players[1].player, pseudonym: true, entries: 52 },
    ]);
    expect(preview.content).toEqual({ fileHash: file.content.hash, platformHash: file.content.hash, same: true, changedPacks: [], missingContentIds: [] });
    expect(await rowCounts()).toEqual(before);
  });

  it('tells what differs when the file was made against other content', async () => {
    const file = await fileOf(campaignId, 'ana');
    const [first] = file.content.packs;
    const older = { ...file, content: { hash: 'an-older-content-hash', packs: [{ ...first, version: '0.0.1' }, ...file.content.packs.slice(1)] } };
    // The checkpoints hash the state and the log, not the content: the file is still whole.
    const answer = await importFile('ana', { file: older, dryRun: true });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.importCampaign.preview.content).toEqual({
      fileHash: 'an-older-content-hash',
      platformHash: file.content.hash,
      same: false,
      changedPacks: [{ packId: first.id, fileVersion: '0.0.1', platformVersion: first.version }],
      missingContentIds: [],
    });
  });

  it('lists the content ids the file names that this platform’s packs do not hold', async () => {
    const other = (await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Elsewhere', groupId: 'thursday-box' } }, token.ana)).data!.createCampaign.id;
    // An id of the right form that no pack holds: a push accepts it (the action cannot see the packs), as a file made against other packs would hold one.
    const started = await graphql(
      service.url,
      PUSH,
      { input: { campaignId: other, clientId: 'phone-ana-0001', actions: [{ seq: 1, name: 'start-scenario', args: { scenarioId: 'twom:scenario:not-in-these-packs', tracks: { Suspicions: 0 } } }] } },
      token.ana,
    );
    expect(started.data!.pushCampaignActions.rejected).toEqual([]);
    const answer = await importFile('ana', { file: await fileOf(other, 'ana'), dryRun: true });
    expect(answer.data!.importCampaign.preview.content.missingContentIds).toEqual(['twom:scenario:not-in-these-packs']);
  });

  it('imports the file as a new campaign of the group with the same state and the same history', async () => {
    const file = await fileOf(campaignId, 'ana');
    const answer = await importFile('ben', { file, name: 'Winter siege, again' });
    expect(answer.errors).toBeUndefined();
    const newId = answer.data!.importCampaign.campaignId as string;
    expect(newId).not.toBe(campaignId);
    const [original, imported] = await Promise.all([campaignId, newId].map(async (id) => (await graphql(service.url, READ, { id }, token.ana)).data!.campaign));
    expect(imported).toMatchObject({ name: 'Winter siege, again', groupId: 'thursday-box', version: 104 });
    expect(imported.stateJson).toEqual(original.stateJson);

    const [was, is] = await Promise.all([historyOf(campaignId), historyOf(newId)]);
    const asFileNames = new Map(file.actions.map((a, i) => [was.changes[i].playerId, a.player]));
    expect(is.changes).toEqual(was.changes.map((change) => ({ ...change, playerId: asFileNames.get(change.playerId) })));
    // Devices count their seqs per campaign: on the new one each starts again from 1, whatever it had pushed to the old.
    expect(was.clients).not.toEqual([]);
    expect(is.clients).toEqual([]);
    const fresh = await graphql(service.url, PUSH, { input: { campaignId: newId, clientId: 'phone-ana-0001', actions: [{ seq: 1, name: 'add-note', args: { text: 'Back at it' } }] } }, token.ana);
    expect(fresh.data!.pushCampaignActions).toEqual({ version: 105, rejected: [] });
    // Exported again, the imported campaign gives the same history and checkpoints.
    const again = await fileOf(newId, 'ana');
    expect(again.actions.slice(0, 104)).toEqual(file.actions);
    expect(again.checkpoints.slice(0, 2)).toEqual(file.checkpoints.slice(0, 2));
  });

  it('carries a revert and what it did to the history: the changes after its version undone by it, one undone after it standing again', async () => {
    const id = (await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Reverted', groupId: 'thursday-box' } }, token.ana)).data!.createCampaign.id;
    const resources = ['Water', 'Wood', 'Food'].map((resource, i) => ({ seq: i + 1, name: 'add-resource', args: { resource, amount: i + 1 } }));
    expect((await graphql(service.url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-0001', actions: resources } }, token.ana)).errors).toBeUndefined();
    expect((await graphql(service.url, UNDO, { id, v: 2 }, token.ana)).errors).toBeUndefined();
    const REVERT = `mutation($id: ID!, $v: Int!) { revertCampaignTo(campaignId: $id, version: $v) { version } }`;
    expect((await graphql(service.url, REVERT, { id, v: 3 }, token.ben)).data!.revertCampaignTo.version).toBe(5);
    const answer = await importFile('ana', { file: await fileOf(id, 'ana') });
    expect(answer.errors).toBeUndefined();
    const newId = answer.data!.importCampaign.campaignId;
    const undone = (changes: Change[]) => changes.map((c) => [c.version, c.name, c.undoneByVersion]);
    const was = await historyOf(id);
    // Version 2 was undone at 4, after version 3: the revert to 3 makes it stand again, and takes back the undo.
    expect(undone(was.changes)).toEqual([
      [1, 'add-resource', null],
      [2, 'add-resource', null],
      [3, 'add-resource', null],
      [4, 'undo', 5],
      [5, 'revert', null],
    ]);
    expect(undone((await historyOf(newId)).changes)).toEqual(undone(was.changes));
    const [before, after] = await Promise.all([id, newId].map(async (c) => (await graphql(service.url, READ, { id: c }, token.ana)).data!.campaign.stateJson));
    expect(after).toEqual(before);
  });

  it('imports the golden file of every older format version', async () => {
    const v1 = JSON.parse(readFileSync(join(__dirname, '../../../../libs/campaign-model/src/files/golden/campaign-file-v1.json'), 'utf8'));
    const answer = await importFile('ana', { file: v1 });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.importCampaign.preview).toMatchObject({ formatVersion: 1, version: v1.campaign.version });
    const read = await graphql(service.url, READ, { id: answer.data!.importCampaign.campaignId }, token.ana);
    expect(read.data!.campaign.version).toBe(v1.campaign.version);
  });

  describe('refuses a file that disagrees, at its first disagreeing place, and stores nothing', () => {
    const cases: [string, (file: CampaignFile) => void, Record<string, string>][] = [
      ['an action’s args changed', (f) => (f.actions[17].args = { resource: 'Wood', amount: 1000 }), { field: 'input.file.actions[17].args', rule: 'action-rejected' }],
      ['an action’s args that do other than the recorded', (f) => (f.actions[4].args = { resource: 'Wood', amount: 3 }), { field: 'input.file.actions[4].delta', rule: 'delta-mismatch' }],
      ['a checkpoint’s state hash', (f) => (f.checkpoints[1].stateHash = '0'.repeat(64)), { field: 'input.file.checkpoints[1].stateHash', rule: 'checkpoint-mismatch' }],
      ['a player renamed', (f) => (f.actions[0].player = 'player-eve'), { field: 'input.file.players', rule: 'players' }],
      ['an entry’s time', (f) => (f.actions[60].appliedAt += 1), { field: 'input.file.checkpoints[1].logHash', rule: 'checkpoint-mismatch' }],
      ['a format version from the future', (f) => ((f as { formatVersion: number }).formatVersion = 3), { field: 'input.file.formatVersion', rule: 'format-version' }],
      ['a game this platform keeps no campaigns of', (f) => (f.campaign.gameId = 'no-such-game'), { field: 'input.file.campaign.gameId', rule: 'campaign-game' }],
    ];

    it.each(cases)('%s', async (_name, tamper, expected) => {
      const file = await fileOf(campaignId, 'ana');
      tamper(file);
      const before = await rowCounts();
      for (const dryRun of [false, true]) {
        const answer = await importFile('ana', { file, dryRun });
        expect(answer.data).toBeNull();
        expect(answer.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', ...expected });
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('names the version in the message', async () => {
      const file = await fileOf(campaignId, 'ana');
      file.actions[17].args = { resource: 'Wood', amount: 1000 };
      expect((await importFile('ana', { file })).errors![0].message).toMatch(/^Version 18: /);
    });

    it('refuses what is not a campaign file, and a name that is not plain text', async () => {
      const notAFile = await importFile('ana', { file: { saves: [] } });
      expect(notAFile.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.file.format' });
      const file = await fileOf(campaignId, 'ana');
      const badName = await importFile('ana', { file, name: 'Winter\u0000' });
      expect(badName.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule: 'plain-text' });
    });
  });

  describe('who may export, import and consent', () => {
    const SHARE = `mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token } }`;
    const shareLinkRefusal = { code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' };
    let shareLink: string;

    beforeAll(async () => {
      const made = await graphql(service.url, SHARE, { input: { campaignId } }, token.ana);
      expect(made.errors).toBeUndefined();
      shareLink = made.data!.createCampaignShareLink.token;
      token['share-link holder'] = shareLink;
    });

    it('a share link only reads and follows: no export, no import, no consent (FORBIDDEN, share-link-scope), and nothing stored', async () => {
      const before = await rowCounts();
      const exported = await exportOf(campaignId, 'share-link holder');
      expect([exported.status, ((await exported.json()) as { errors: { extensions: unknown }[] }).errors[0].extensions]).toEqual([403, shareLinkRefusal]);
      const file = await fileOf(campaignId, 'ana');
      expect((await importFile('share-link holder', { file })).errors![0].extensions).toEqual(shareLinkRefusal);
      expect((await graphql(service.url, CONSENT, { id: campaignId, consent: true }, shareLink)).errors![0].extensions).toEqual(shareLinkRefusal);
      expect(await rowCounts()).toEqual(before);
    });

    it('export: a member gets the file; a former member and a stranger 404, as for no such campaign; anonymous 401; an unsigned request 401', async () => {
      expect((await exportOf(campaignId, 'ben')).status).toBe(200);
      for (const who of ['dan', 'cleo']) {
        const response = await exportOf(campaignId, who);
        expect([who, response.status, ((await response.json()) as { errors: { extensions: unknown }[] }).errors[0].extensions]).toEqual([
          who,
          404,
          { code: 'NOT_FOUND', field: 'id', rule: 'exists' },
        ]);
      }
      const missing = await exportOf('no-such-campaign', 'ana');
      expect(missing.status).toBe(404);
      const anonymous = await exportOf(campaignId);
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const unsigned = await exportOf(campaignId, 'ana', false);
      expect(unsigned.status).toBe(401);
      expect(((await unsigned.json()) as { errors: { extensions: unknown }[] }).errors[0].extensions).toEqual({
        code: 'UNAUTHENTICATED',
        field: GATEWAY_SIGNATURE_HEADER,
        rule: 'signed-by-gateway',
      });
    });

    it('import: a former member and a stranger get NOT_FOUND on the group, anonymous UNAUTHENTICATED, and nothing is stored', async () => {
      const file = await fileOf(campaignId, 'ana');
      const before = await rowCounts();
      for (const who of ['dan', 'cleo']) {
        const answer = await importFile(who, { file });
        expect([who, answer.errors![0].extensions]).toEqual([who, { code: 'NOT_FOUND', field: 'input.groupId', rule: 'exists' }]);
      }
      expect((await importFile(undefined, { file })).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
      expect(await rowCounts()).toEqual(before);
      // Into their own personal group, the stranger may import it: the file is theirs to keep.
      const own = await graphql(service.url, IMPORT, { input: { groupId: 'personal-player-cleo', file, dryRun: true } }, token.cleo);
      expect(own.errors).toBeUndefined();
    });

    it('consent: a former member and a stranger get NOT_FOUND on the campaign, anonymous UNAUTHENTICATED', async () => {
      for (const who of ['dan', 'cleo']) {
        const answer = await graphql(service.url, CONSENT, { id: campaignId, consent: true }, token[who]);
        expect([who, answer.errors![0].extensions]).toEqual([who, { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' }]);
      }
      expect((await graphql(service.url, CONSENT, { id: campaignId, consent: true })).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
      expect((await fileOf(campaignId, 'ana')).players.filter((p) => !p.pseudonym).map((p) => p.player)).toEqual(['player-ana']);
    });
  });
});
