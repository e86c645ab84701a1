import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { MembershipReader, personalGroupId } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { GroupMembershipService } from './group-membership.service';
import { MAX_OPEN_INVITATIONS } from './invitation-code';
import { groupTables, refusal, registerPlayer, SignedInPlayer } from './group-test-kit';

const CREATE = `mutation($input: CreateGroupInput!) { createGroup(input: $input) { id name kind myRole } }`;
const INVITE = `mutation($groupId: ID!) { groupInvite(groupId: $groupId) { id groupId code expiresAt } }`;
const REVOKE = `mutation($id: ID!) { revokeGroupInvitation(invitationId: $id) }`;
const JOIN = `mutation($code: String!) { joinGroup(code: $code) { id name myRole } }`;
const LEAVE = `mutation($groupId: ID!, $newOwnerId: ID) { leaveGroup(groupId: $groupId, newOwnerId: $newOwnerId) }`;
const REMOVE = `mutation($groupId: ID!, $playerId: ID!) { removeMember(groupId: $groupId, playerId: $playerId) { id } }`;
const GROUP = `query($id: ID!) {
  group(id: $id) { id name kind myRole members { edges { node { role joinedAt player { id displayName } } } pageInfo { hasNextPage } } }
}`;
const MY_GROUPS = `query($first: Int, $after: String) {
  myGroups(first: $first, after: $after) { edges { cursor node { id name myRole } } pageInfo { hasNextPage endCursor } }
}`;

describe('play groups on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  let ana: SignedInPlayer;
  let ben: SignedInPlayer;
  let cleo: SignedInPlayer;
  let dan: SignedInPlayer;
  const as = (player: SignedInPlayer | undefined, query: string, variables: Record<string, unknown> = {}) =>
    graphql(service.url, query, variables, player?.token);

  /** Runs a refused operation and shows it left every group table as it was. */
  const refusedWithoutTrace = async (player: SignedInPlayer, query: string, variables: Record<string, unknown>) => {
    const before = await groupTables(dataSource);
    const response = await as(player, query, variables);
    expect(await groupTables(dataSource)).toEqual(before);
    expect(response.data ?? null).toBeNull();
    return refusal(response);
  };

  const newGroup = async (owner: SignedInPlayer, name: string): Promise<string> => {
    const created = await as(owner, CREATE, { input: { name } });
    expect(created.errors).toBeUndefined();
    return created.data!.createGroup.id;
  };
  const invite = async (player: SignedInPlayer, groupId: string) => {
    const invited = await as(player, INVITE, { groupId });
    expect(invited.errors).toBeUndefined();
    return invited.data!.groupInvite as { id: string; code: string; expiresAt: string };
  };

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    dataSource = service.app.get(DataSource);
    [ana, ben, cleo, dan] = await Promise.all(['ana', 'ben', 'cleo', 'dan'].map((name) => registerPlayer(service.url, name, isolation.id)));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('lets two players share a group through an invitation code, and shows a third nothing of it', async () => {
    const created = await as(ana, CREATE, { input: { name: '  Thursday box  ' } });
    expect(created.data!.createGroup).toMatchObject({ name: 'Thursday box', kind: 'SHARED', myRole: 'OWNER' });
    const groupId = created.data!.createGroup.id;

    const invitation = await invite(ana, groupId);
    expect(invitation.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const hoursValid = (Date.parse(invitation.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(71.9);
    expect(hoursValid).toBeLessThanOrEqual(72);
    const stored = await dataSource.query('SELECT code_hash FROM group_invitations WHERE id = $1', [invitation.id]);
    expect(JSON.stringify(stored)).not.toContain(invitation.code.replace('-', ''));

    const joined = await as(ben, JOIN, { code: invitation.code.toLowerCase().replace('-', ' ') });
    expect(joined.errors).toBeUndefined();
    expect(joined.data!.joinGroup).toEqual({ id: groupId, name: 'Thursday box', myRole: 'MEMBER' });

    for (const member of [ana, ben]) {
      const seen = await as(member, GROUP, { id: groupId });
      expect(seen.errors).toBeUndefined();
      expect(seen.data!.group.members.edges.map((edge: any) => [edge.node.player, edge.node.role])).toEqual([
        [{ id: ana.id, displayName: 'ana' }, 'OWNER'],
        [{ id: ben.id, displayName: 'ben' }, 'MEMBER'],
      ]);
      expect((await as(member, MY_GROUPS)).data!.myGroups.edges.map((edge: any) => edge.node.id)).toContain(groupId);
    }

    expect((await as(cleo, GROUP, { id: groupId })).data).toEqual({ group: null });
    expect((await as(cleo, MY_GROUPS)).data!.myGroups.edges).toEqual([]);
    const entities = await as(cleo, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Group { id name } } }`, {
      r: [{ __typename: 'Group', id: groupId }],
    });
    expect(entities.data).toEqual({ _entities: [null] });
    const members = await as(ben, `query($r: [_Any!]!) { _entities(representations: $r) { ... on Group { id myRole } } }`, {
      r: [{ __typename: 'Group', id: groupId }],
    });
    expect(members.data).toEqual({ _entities: [{ id: groupId, myRole: 'MEMBER' }] });
  });

  it('pages myGroups newest joined first, and a player may belong to several groups', async () => {
    const ids = [];
    for (const name of ['First', 'Second', 'Third']) ids.push(await newGroup(dan, name));
    const first = await as(dan, MY_GROUPS, { first: 2 });
    expect(first.data!.myGroups.edges.map((edge: any) => edge.node.name)).toEqual(['Third', 'Second']);
    expect(first.data!.myGroups.pageInfo.hasNextPage).toBe(true);
    const second = await as(dan, MY_GROUPS, { first: 2, after: first.data!.myGroups.pageInfo.endCursor });
    expect(second.data!.myGroups.edges.map((edge: any) => edge.node.name)).toEqual(['First']);
    expect(second.data!.myGroups.pageInfo.hasNextPage).toBe(false);
    expect(refusal(await as(dan, MY_GROUPS, { first: 0 }))).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'range' });
  });

  it('gives every player one personal group under an id other subgraphs can derive', async () => {
    const first = await as(cleo, '{ personalGroup { id kind myRole name } }');
    expect(first.data!.personalGroup).toMatchObject({ id: personalGroupId(cleo.id), kind: 'PERSONAL', myRole: 'OWNER' });
    const again = await Promise.all([1, 2].map(() => as(cleo, '{ personalGroup { id } }')));
    expect(again.map((response) => response.data!.personalGroup.id)).toEqual([personalGroupId(cleo.id), personalGroupId(cleo.id)]);
    expect(Number((await dataSource.query('SELECT COUNT(*) AS n FROM play_groups WHERE kind = $1 AND id = $2', ['PERSONAL', personalGroupId(cleo.id)]))[0].n)).toBe(1);
    expect((await as(cleo, GROUP, { id: personalGroupId(cleo.id) })).data!.group.members.edges).toHaveLength(1);
    expect((await as(ana, GROUP, { id: personalGroupId(cleo.id) })).data).toEqual({ group: null });
    expect((await as(cleo, MY_GROUPS)).data!.myGroups.edges).toEqual([]);

    expect(await refusedWithoutTrace(cleo, INVITE, { groupId: personalGroupId(cleo.id) })).toEqual({ code: 'FORBIDDEN', field: 'groupId', rule: 'personal' });
    expect(await refusedWithoutTrace(cleo, LEAVE, { groupId: personalGroupId(cleo.id) })).toEqual({ code: 'FORBIDDEN', field: 'groupId', rule: 'personal' });
  });

  it('refuses group names that are empty, too long or hide control characters, and stores nothing', async () => {
    for (const [name, rule] of [
      ['   ', 'min'],
      ['x'.repeat(61), 'max'],
      ['Night\u0000raid', 'plain-text'],
      ['Bell\u0007', 'plain-text'],
      ['\u202Eevil', 'plain-text'],
    ]) {
      expect(await refusedWithoutTrace(ana, CREATE, { input: { name } })).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule });
    }
    const accented = await as(ana, CREATE, { input: { name: 'Zoé’s 🎲 crew' } });
    expect(accented.data!.createGroup.name).toBe('Zoé’s 🎲 crew');
  });

  it('refuses malformed, unknown, expired and withdrawn codes, each saying why, and stores nothing', async () => {
    const groupId = await newGroup(ana, 'Codes');
    const expiring = await invite(ana, groupId);
    await dataSource.query(`UPDATE group_invitations SET expires_at = $1 WHERE id = $2`, [new Date(Date.now() - 1_000), expiring.id]);
    const withdrawn = await invite(ana, groupId);
    expect((await as(ana, REVOKE, { id: withdrawn.id })).data).toEqual({ revokeGroupInvitation: true });

    expect(await refusedWithoutTrace(dan, JOIN, { code: 'not a code' })).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'format' });
    expect(await refusedWithoutTrace(dan, JOIN, { code: 'ZZZZZ-ZZZZZ' })).toEqual({ code: 'NOT_FOUND', field: 'code', rule: 'exists' });
    expect(await refusedWithoutTrace(dan, JOIN, { code: expiring.code })).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'expired' });
    expect(await refusedWithoutTrace(dan, JOIN, { code: withdrawn.code })).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'revoked' });
  });

  it('refuses joining twice with CONFLICT and stores nothing', async () => {
    const groupId = await newGroup(ana, 'Twice');
    const { code } = await invite(ana, groupId);
    expect((await as(ben, JOIN, { code })).errors).toBeUndefined();
    expect(await refusedWithoutTrace(ben, JOIN, { code })).toEqual({ code: 'CONFLICT', field: 'code', rule: 'already-member' });
    expect(await refusedWithoutTrace(ana, JOIN, { code })).toEqual({ code: 'CONFLICT', field: 'code', rule: 'already-member' });
  });

  it('makes the owner name the next owner before leaving a group others remain in', async () => {
    const groupId = await newGroup(ana, 'Hand over');
    const { code } = await invite(ana, groupId);
    await as(ben, JOIN, { code });
    await as(cleo, JOIN, { code });

    expect(await refusedWithoutTrace(ana, LEAVE, { groupId })).toEqual({ code: 'CONFLICT', field: 'newOwnerId', rule: 'last-owner' });
    expect(await refusedWithoutTrace(ana, LEAVE, { groupId, newOwnerId: ana.id })).toEqual({ code: 'BAD_USER_INPUT', field: 'newOwnerId', rule: 'self' });
    expect(await refusedWithoutTrace(ana, LEAVE, { groupId, newOwnerId: dan.id })).toEqual({ code: 'BAD_USER_INPUT', field: 'newOwnerId', rule: 'member' });
    expect(await refusedWithoutTrace(ben, LEAVE, { groupId, newOwnerId: cleo.id })).toEqual({ code: 'BAD_USER_INPUT', field: 'newOwnerId', rule: 'owner' });

    expect((await as(ana, LEAVE, { groupId, newOwnerId: ben.id })).data).toEqual({ leaveGroup: true });
    expect((await as(ana, GROUP, { id: groupId })).data).toEqual({ group: null });
    expect((await as(ben, GROUP, { id: groupId })).data!.group.myRole).toBe('OWNER');
    expect((await as(cleo, GROUP, { id: groupId })).data!.group.members.edges.map((edge: any) => [edge.node.player.id, edge.node.role])).toEqual([
      [ben.id, 'OWNER'],
      [cleo.id, 'MEMBER'],
    ]);

    expect((await as(cleo, LEAVE, { groupId })).data).toEqual({ leaveGroup: true });
    expect((await as(ben, LEAVE, { groupId })).data).toEqual({ leaveGroup: true });
    // The group is empty now: its code no longer brings anyone back.
    expect(await refusedWithoutTrace(dan, JOIN, { code })).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'revoked' });
  });

  it('lets only the owner remove a member, never themselves, and stores nothing on a refusal', async () => {
    const groupId = await newGroup(ana, 'Removals');
    const { code } = await invite(ana, groupId);
    await as(ben, JOIN, { code });
    await as(cleo, JOIN, { code });

    expect(await refusedWithoutTrace(ana, REMOVE, { groupId, playerId: ana.id })).toEqual({ code: 'BAD_USER_INPUT', field: 'playerId', rule: 'self' });
    expect(await refusedWithoutTrace(ben, REMOVE, { groupId, playerId: cleo.id })).toEqual({ code: 'FORBIDDEN', field: 'groupId', rule: 'owner' });
    expect(await refusedWithoutTrace(ana, REMOVE, { groupId, playerId: dan.id })).toEqual({ code: 'NOT_FOUND', field: 'playerId', rule: 'member' });
    expect(await refusedWithoutTrace(dan, REMOVE, { groupId, playerId: ben.id })).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });

    expect((await as(ana, REMOVE, { groupId, playerId: cleo.id })).errors).toBeUndefined();
    expect((await as(cleo, GROUP, { id: groupId })).data).toEqual({ group: null });
    // The code cleo joined with is withdrawn: only a fresh code brings anyone in.
    expect(refusal(await as(cleo, JOIN, { code }))).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'revoked' });
    const fresh = await invite(ben, groupId);
    expect((await as(cleo, JOIN, { code: fresh.code })).data!.joinGroup.id).toBe(groupId);
  });

  it('lets the inviter or the owner withdraw an invitation, and nobody else', async () => {
    const groupId = await newGroup(ana, 'Withdrawals');
    const { code } = await invite(ana, groupId);
    await as(ben, JOIN, { code });
    await as(cleo, JOIN, { code });
    const bens = await invite(ben, groupId);
    const anas = await invite(ana, groupId);

    expect(await refusedWithoutTrace(cleo, REVOKE, { id: bens.id })).toEqual({ code: 'FORBIDDEN', field: 'invitationId', rule: 'owner-or-creator' });
    expect(await refusedWithoutTrace(ben, REVOKE, { id: anas.id })).toEqual({ code: 'FORBIDDEN', field: 'invitationId', rule: 'owner-or-creator' });
    expect(await refusedWithoutTrace(dan, REVOKE, { id: anas.id })).toEqual({ code: 'NOT_FOUND', field: 'invitationId', rule: 'exists' });
    const OPEN = `query($id: ID!) { group(id: $id) { openInvitations { id canRevoke createdBy { id } } } }`;
    const openFor = async (player: SignedInPlayer) => (await as(player, OPEN, { id: groupId })).data!.group.openInvitations;
    expect(await openFor(ana)).toEqual([
      { id: anas.id, canRevoke: true, createdBy: { id: ana.id } },
      { id: bens.id, canRevoke: true, createdBy: { id: ben.id } },
      expect.objectContaining({ canRevoke: true, createdBy: { id: ana.id } }),
    ]);
    expect((await openFor(cleo)).map((invitation: any) => invitation.canRevoke)).toEqual([false, false, false]);
    expect((await openFor(ben)).map((invitation: any) => invitation.canRevoke)).toEqual([false, true, false]);

    expect((await as(ben, REVOKE, { id: bens.id })).data).toEqual({ revokeGroupInvitation: true });
    expect((await as(ana, REVOKE, { id: anas.id })).data).toEqual({ revokeGroupInvitation: true });
    expect(refusal(await as(dan, JOIN, { code: anas.code }))).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'revoked' });
    expect((await openFor(ana)).map((invitation: any) => invitation.id)).not.toContain(anas.id);
  });

  it('caps the working invitations of a group, counting neither expired nor withdrawn ones', async () => {
    const groupId = await newGroup(ana, 'Many codes');
    const made = [];
    for (let i = 0; i < MAX_OPEN_INVITATIONS; i += 1) made.push(await invite(ana, groupId));
    expect(await refusedWithoutTrace(ana, INVITE, { groupId })).toEqual({ code: 'CONFLICT', field: 'groupId', rule: 'open-invitations' });
    await as(ana, REVOKE, { id: made[0].id });
    await dataSource.query(`UPDATE group_invitations SET expires_at = $1 WHERE id = $2`, [new Date(Date.now() - 1_000), made[1].id]);
    await invite(ana, groupId);
    await invite(ana, groupId);
    expect(await refusedWithoutTrace(ana, INVITE, { groupId })).toEqual({ code: 'CONFLICT', field: 'groupId', rule: 'open-invitations' });
  });

  it('releases a leaving account from its groups: ownership passes on, and other subgraphs see it', async () => {
    const eve = await registerPlayer(service.url, 'eve', isolation.id);
    const groupId = await newGroup(eve, 'Inherited');
    const lonely = await newGroup(eve, 'Alone');
    const { code } = await invite(eve, groupId);
    const lonelyCode = (await invite(eve, lonely)).code;
    await as(dan, JOIN, { code });
    await as(cleo, JOIN, { code });
    await as(eve, '{ personalGroup { id } }');

    const groups = service.app.get(GroupMembershipService);
    const changed = await dataSource.transaction((manager) => groups.releaseMemberships(manager, eve.id));
    await groups.groupsReleased(changed);

    expect(changed.sort()).toEqual([groupId, lonely].sort());
    expect((await as(dan, GROUP, { id: groupId })).data!.group.members.edges.map((edge: any) => [edge.node.player.id, edge.node.role])).toEqual([
      [dan.id, 'OWNER'],
      [cleo.id, 'MEMBER'],
    ]);
    expect(refusal(await as(dan, JOIN, { code: lonelyCode }))).toEqual({ code: 'BAD_USER_INPUT', field: 'code', rule: 'revoked' });
    expect(Number((await dataSource.query('SELECT COUNT(*) AS n FROM group_memberships WHERE player_id = $1', [eve.id]))[0].n)).toBe(0);
    expect(Number((await dataSource.query('SELECT COUNT(*) AS n FROM play_groups WHERE id = $1', [personalGroupId(eve.id)]))[0].n)).toBe(0);

    const reader = new MembershipReader(new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL), isolation.redisPrefix);
    try {
      expect(await reader.roleOf(groupId, eve.id)).toBeNull();
      expect(await reader.roleOf(groupId, dan.id)).toBe('OWNER');
    } finally {
      await reader.stop();
      await (reader as unknown as { redis: Redis }).redis.quit();
    }
  });
});
