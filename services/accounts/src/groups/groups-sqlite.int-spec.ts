import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningService, startService } from '@scriptbook/platform';
import { personalGroupId } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { refusal, registerPlayer, SignedInPlayer } from './group-test-kit';

/** `npm start` runs accounts on SQLite: the group flows must hold there as on Postgres. */
describe('play groups on the embedded SQLite database', () => {
  const isolation = new TestIsolation();
  const sqliteDir = mkdtempSync(join(tmpdir(), 'scriptbook-groups-'));
  let service: RunningService;
  let ana: SignedInPlayer;
  let ben: SignedInPlayer;
  const as = (player: SignedInPlayer, query: string, variables: Record<string, unknown> = {}) => graphql(service.url, query, variables, player.token);

  beforeAll(async () => {
    const { DATABASE_URL: _postgres, DATABASE_SCHEMA: _schema, ...env } = isolation.postgresEnv('accounts');
    service = await startService(accountsApp, { ...env, SQLITE_DIR: sqliteDir });
    [ana, ben] = await Promise.all(['ana', 'ben'].map((name) => registerPlayer(service.url, name, isolation.id)));
  });

  afterAll(async () => {
    await service?.stop();
    rmSync(sqliteDir, { recursive: true, force: true });
    await isolation.cleanUp();
  });

  it('creates, invites, joins, hands over, leaves and removes', async () => {
    const groupId = (await as(ana, `mutation { createGroup(input: { name: "Box" }) { id } }`)).data!.createGroup.id;
    const invitation = (await as(ana, `mutation($g: ID!) { groupInvite(groupId: $g) { id code } }`, { g: groupId })).data!.groupInvite;
    expect((await as(ben, `mutation($c: String!) { joinGroup(code: $c) { myRole } }`, { c: invitation.code })).data).toEqual({ joinGroup: { myRole: 'MEMBER' } });
    expect(refusal(await as(ben, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: invitation.code }))).toMatchObject({ code: 'CONFLICT' });

    const pages = await as(ben, `{ myGroups(first: 1) { edges { node { id } } pageInfo { hasNextPage } } }`);
    expect(pages.data!.myGroups).toEqual({ edges: [{ node: { id: groupId } }], pageInfo: { hasNextPage: false } });

    expect(refusal(await as(ana, `mutation($g: ID!) { leaveGroup(groupId: $g) }`, { g: groupId }))).toMatchObject({ rule: 'last-owner' });
    expect((await as(ana, `mutation($g: ID!, $o: ID) { leaveGroup(groupId: $g, newOwnerId: $o) }`, { g: groupId, o: ben.id })).data).toEqual({ leaveGroup: true });
    const members = await as(ben, `query($g: ID!) { group(id: $g) { myRole members { edges { node { player { id } } } } } }`, { g: groupId });
    expect(members.data!.group).toEqual({ myRole: 'OWNER', members: { edges: [{ node: { player: { id: ben.id } } }] } });

    expect((await as(ana, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: invitation.code })).errors).toBeUndefined();
    expect((await as(ben, `mutation($g: ID!, $p: ID!) { removeMember(groupId: $g, playerId: $p) { id } }`, { g: groupId, p: ana.id })).errors).toBeUndefined();
    expect((await as(ana, `query($g: ID!) { group(id: $g) { id } }`, { g: groupId })).data).toEqual({ group: null });

    expect(refusal(await as(ana, `mutation($id: ID!) { revokeGroupInvitation(invitationId: $id) }`, { id: invitation.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await as(ben, `mutation($id: ID!) { revokeGroupInvitation(invitationId: $id) }`, { id: invitation.id })).data).toEqual({ revokeGroupInvitation: true });
    expect(refusal(await as(ana, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: invitation.code }))).toMatchObject({ rule: 'revoked' });
  });

  it('creates the personal group once, however many requests ask at the same time', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => as(ana, `{ personalGroup { id kind } }`)));
    for (const answer of answers) expect(answer.data!.personalGroup).toEqual({ id: personalGroupId(ana.id), kind: 'PERSONAL' });
  });

  it('applies simultaneous changes one by one on the single SQLite connection', async () => {
    const created = await Promise.all(['A', 'B', 'C', 'D'].map((name) => as(ben, `mutation($n: String!) { createGroup(input: { name: $n }) { id } }`, { n: name })));
    for (const answer of created) expect(answer.errors).toBeUndefined();
    const groupIds = created.map((answer) => answer.data!.createGroup.id as string);
    const codes = await Promise.all(groupIds.map((g) => as(ben, `mutation($g: ID!) { groupInvite(groupId: $g) { code } }`, { g })));
    const joined = await Promise.all(codes.map((answer) => as(ana, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: answer.data!.groupInvite.code })));
    expect(joined.map((answer) => answer.data!.joinGroup.id).sort()).toEqual([...groupIds].sort());
    const mine = await as(ana, `{ myGroups(first: 100) { edges { node { id } } } }`);
    expect(mine.data!.myGroups.edges.map((edge: any) => edge.node.id)).toEqual(expect.arrayContaining(groupIds));
  });
});
