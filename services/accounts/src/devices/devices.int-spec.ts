import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { refusal } from '../groups/group-test-kit';
import { accountRows, deviceSession, LINK_DEVICE, LINK_EMAIL, LOGIN, newDeviceId, SIGN_IN_WITH_DEVICE } from '../sessions/session-test-kit';

jest.setTimeout(30_000);

const MY_GROUPS = '{ myGroups { edges { node { id name } } } }';

describe('device sign-in and linking on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  const email = (name: string) => `${name}-${isolation.id}@example.org`;

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    dataSource = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('creates an anonymous player on first use and signs the same player in afterwards', async () => {
    const deviceId = newDeviceId();
    const first = await deviceSession(service.url, deviceId, { displayName: ' Ana ', deviceName: 'Kitchen tablet' });
    expect(first.player).toEqual({ id: expect.any(String), displayName: 'Ana', hasEmail: false });
    const again = await deviceSession(service.url, deviceId, { displayName: 'Someone else' });
    expect(again.player).toEqual(first.player);
    expect(again.refreshToken).not.toBe(first.refreshToken);

    const stored = await dataSource.query('SELECT device_hash, label FROM player_devices WHERE player_id = $1', [first.player.id]);
    expect(stored).toEqual([{ device_hash: expect.stringMatching(/^[0-9a-f]{64}$/), label: 'Kitchen tablet' }]);
    expect(JSON.stringify(await dataSource.query('SELECT * FROM player_devices'))).not.toContain(deviceId);

    const unnamed = await deviceSession(service.url, newDeviceId());
    expect(unnamed.player.displayName).toBe('Player');
    expect(unnamed.player.id).not.toBe(first.player.id);
  });

  it('gives one player to simultaneous first sign-ins of one device', async () => {
    const deviceId = newDeviceId();
    const sessions = await Promise.all([1, 2, 3].map(() => deviceSession(service.url, deviceId)));
    expect(new Set(sessions.map((session) => session.player.id)).size).toBe(1);
    expect(await dataSource.query('SELECT COUNT(*)::int AS n FROM player_devices WHERE player_id = $1', [sessions[0].player.id])).toEqual([{ n: 1 }]);
  });

  it('links an email to a device player: email sign-in then gives the same id and the same groups', async () => {
    const deviceId = newDeviceId();
    const device = await deviceSession(service.url, deviceId, { displayName: 'Ben' });
    const created = await graphql(service.url, 'mutation { createGroup(input: { name: "Tuesday box" }) { id } }', {}, device.accessToken);
    const groupId = created.data!.createGroup.id;

    const linked = await graphql(service.url, LINK_EMAIL, { input: { email: email('Ben'), password: 'correct horse' } }, device.accessToken);
    expect(linked.errors).toBeUndefined();
    expect(linked.data!.linkEmail).toEqual({ id: device.player.id, displayName: 'Ben', hasEmail: true });

    const login = await graphql(service.url, LOGIN, { input: { email: email('ben'), password: 'correct horse' } });
    expect(login.errors).toBeUndefined();
    expect(login.data!.login.player).toEqual({ id: device.player.id, displayName: 'Ben', hasEmail: true });
    const groups = await graphql(service.url, MY_GROUPS, {}, login.data!.login.accessToken);
    expect(groups.data!.myGroups.edges).toEqual([{ node: { id: groupId, name: 'Tuesday box' } }]);

    expect((await deviceSession(service.url, deviceId)).player.id).toBe(device.player.id);
  });

  it('refuses linking an email taken by another player, or a second email, and writes nothing', async () => {
    const taken = await deviceSession(service.url, newDeviceId());
    expect(refusal(await graphql(service.url, LINK_EMAIL, { input: { email: email('cy'), password: 'correct horse' } }, taken.accessToken))).toBeUndefined();

    const other = await deviceSession(service.url, newDeviceId());
    const before = await accountRows(dataSource);
    const duplicate = await graphql(service.url, LINK_EMAIL, { input: { email: email('CY'), password: 'another one' } }, other.accessToken);
    expect(duplicate.data).toBeNull();
    expect(refusal(duplicate)).toEqual({ code: 'CONFLICT', field: 'input.email', rule: 'unique' });

    const second = await graphql(service.url, LINK_EMAIL, { input: { email: email('cy2'), password: 'correct horse' } }, taken.accessToken);
    expect(refusal(second)).toEqual({ code: 'CONFLICT', field: 'input.email', rule: 'already-linked' });

    const weak = await graphql(service.url, LINK_EMAIL, { input: { email: email('cy3'), password: 'short' } }, other.accessToken);
    expect(refusal(weak)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.password', rule: 'min' });

    const anonymous = await graphql(service.url, LINK_EMAIL, { input: { email: email('cy4'), password: 'correct horse' } });
    expect(refusal(anonymous)).toEqual({ code: 'UNAUTHENTICATED' });
    expect(await accountRows(dataSource)).toEqual(before);
  });

  it('refuses device ids that are too short, too long or not base64url, naming the field and rule, and writes nothing', async () => {
    const before = await accountRows(dataSource);
    const cases = [
      ['x1'.repeat(8), 'min'],
      ['ab'.repeat(65), 'max'],
      [`${newDeviceId()}+/`, 'alphabet'],
      ['A'.repeat(43), 'alphabet'],
    ] as const;
    for (const [deviceId, rule] of cases) {
      const response = await graphql(service.url, SIGN_IN_WITH_DEVICE, { input: { deviceId } });
      expect(response.data).toBeNull();
      expect(refusal(response)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.deviceId', rule });
    }
    const badName = await graphql(service.url, SIGN_IN_WITH_DEVICE, { input: { deviceId: newDeviceId(), displayName: 'Eve\u202E' } });
    expect(refusal(badName)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.displayName', rule: 'plain-text' });
    expect(await accountRows(dataSource)).toEqual(before);
  });

  it('links further devices to a player, refuses one that signs in someone else, and writes nothing then', async () => {
    const dee = await deviceSession(service.url, newDeviceId(), { displayName: 'Dee' });
    const second = newDeviceId();
    const linked = await graphql(service.url, LINK_DEVICE, { input: { deviceId: second, deviceName: 'Phone' } }, dee.accessToken);
    expect(linked.data!.linkDevice).toEqual({ id: dee.player.id });
    expect((await deviceSession(service.url, second)).player.id).toBe(dee.player.id);
    const relinked = await graphql(service.url, LINK_DEVICE, { input: { deviceId: second } }, dee.accessToken);
    expect(relinked.data!.linkDevice).toEqual({ id: dee.player.id });

    const othersDevice = newDeviceId();
    await deviceSession(service.url, othersDevice, { displayName: 'Fay' });
    const before = await accountRows(dataSource);
    const stolen = await graphql(service.url, LINK_DEVICE, { input: { deviceId: othersDevice } }, dee.accessToken);
    expect(stolen.data).toBeNull();
    expect(refusal(stolen)).toEqual({ code: 'CONFLICT', field: 'input.deviceId', rule: 'linked-elsewhere' });
    const short = await graphql(service.url, LINK_DEVICE, { input: { deviceId: 'too-short' } }, dee.accessToken);
    expect(refusal(short)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.deviceId', rule: 'min' });
    expect(refusal(await graphql(service.url, LINK_DEVICE, { input: { deviceId: newDeviceId() } }))).toEqual({ code: 'UNAUTHENTICATED' });
    expect(await accountRows(dataSource)).toEqual(before);
  });

  it('unlinks a lost device: its id stops signing the player in and its sessions end, but never the last way in', async () => {
    const keptId = newDeviceId();
    const lostId = newDeviceId();
    const kept = await deviceSession(service.url, keptId, { deviceName: 'Kept' });
    await graphql(service.url, LINK_DEVICE, { input: { deviceId: lostId, deviceName: 'Lost' } }, kept.accessToken);
    const lost = await deviceSession(service.url, lostId);

    const MY_DEVICES = '{ myDevices { edges { node { id label current } } } }';
    const devices = (await graphql(service.url, MY_DEVICES, {}, kept.accessToken)).data!.myDevices.edges.map((edge: any) => edge.node);
    expect(devices.map((device: any) => [device.label, device.current])).toEqual([
      ['Lost', false],
      ['Kept', true],
    ]);
    const [lostDevice, keptDevice] = devices;

    const stranger = await deviceSession(service.url, newDeviceId());
    const before = await accountRows(dataSource);
    const UNLINK = 'mutation($id: ID!) { unlinkDevice(id: $id) }';
    expect(refusal(await graphql(service.url, UNLINK, { id: lostDevice.id }, stranger.accessToken))).toEqual({
      code: 'NOT_FOUND',
      field: 'id',
      rule: 'exists',
    });
    expect(refusal(await graphql(service.url, UNLINK, { id: lostDevice.id }))).toEqual({ code: 'UNAUTHENTICATED' });
    expect(await accountRows(dataSource)).toEqual(before);

    expect((await graphql(service.url, UNLINK, { id: lostDevice.id }, kept.accessToken)).data).toEqual({ unlinkDevice: true });
    expect(refusal(await graphql(service.url, '{ me { id } }', {}, lost.accessToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
    const refreshed = await graphql(service.url, 'mutation($t: String!) { refreshSession(refreshToken: $t) { accessToken } }', { t: lost.refreshToken });
    expect(refusal(refreshed)).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'ended' });
    expect((await deviceSession(service.url, lostId)).player.id).not.toBe(kept.player.id);
    expect((await graphql(service.url, '{ me { id } }', {}, kept.accessToken)).data!.me).toEqual({ id: kept.player.id });

    const beforeLast = await accountRows(dataSource);
    expect(refusal(await graphql(service.url, UNLINK, { id: keptDevice.id }, kept.accessToken))).toEqual({
      code: 'CONFLICT',
      field: 'id',
      rule: 'last-sign-in',
    });
    expect(await accountRows(dataSource)).toEqual(beforeLast);
    expect((await deviceSession(service.url, keptId)).player.id).toBe(kept.player.id);
  });

  it('lets a device player remove the account without a password, taking its devices and handing its group on', async () => {
    const deviceId = newDeviceId();
    const owner = await deviceSession(service.url, deviceId, { displayName: 'Gus' });
    const member = await deviceSession(service.url, newDeviceId(), { displayName: 'Hal' });
    const groupId = (await graphql(service.url, 'mutation { createGroup(input: { name: "Shared" }) { id } }', {}, owner.accessToken)).data!.createGroup.id;
    const code = (await graphql(service.url, 'mutation($g: ID!) { groupInvite(groupId: $g) { code } }', { g: groupId }, owner.accessToken)).data!.groupInvite.code;
    expect(refusal(await graphql(service.url, 'mutation($c: String!) { joinGroup(code: $c) { id } }', { c: code }, member.accessToken))).toBeUndefined();

    const MEMBERS = 'query($g: ID!) { group(id: $g) { members { edges { node { player { id hasEmail } } } } } }';
    const seen = (await graphql(service.url, MEMBERS, { g: groupId }, member.accessToken)).data!.group.members.edges.map((edge: any) => edge.node.player);
    // Whether someone else has an email is theirs to know.
    expect(seen).toEqual([
      { id: owner.player.id, hasEmail: null },
      { id: member.player.id, hasEmail: null },
    ]);
    const reference = await graphql(
      service.url,
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Player { id hasEmail } } }',
      { r: [{ __typename: 'Player', id: owner.player.id }, { __typename: 'Player', id: member.player.id }] },
      member.accessToken,
    );
    expect(reference.data!._entities).toEqual([
      { id: owner.player.id, hasEmail: null },
      { id: member.player.id, hasEmail: false },
    ]);

    const removed = await graphql(service.url, 'mutation { deleteMyAccount(input: {}) { playerId } }', {}, owner.accessToken);
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.deleteMyAccount.playerId).toBe(owner.player.id);

    const group = await graphql(service.url, 'query($g: ID!) { group(id: $g) { myRole } }', { g: groupId }, member.accessToken);
    expect(group.data!.group).toEqual({ myRole: 'OWNER' });
    expect(await dataSource.query('SELECT id FROM player_devices WHERE player_id = $1', [owner.player.id])).toEqual([]);
    expect(await dataSource.query('SELECT id FROM sessions WHERE player_id = $1', [owner.player.id])).toEqual([]);
    expect(refusal(await graphql(service.url, '{ me { id } }', {}, owner.accessToken))).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
    const refreshed = await graphql(service.url, 'mutation($t: String!) { refreshSession(refreshToken: $t) { accessToken } }', { t: owner.refreshToken });
    expect(refusal(refreshed)).toEqual({ code: 'UNAUTHENTICATED', field: 'refreshToken', rule: 'unknown' });
    // The device id no longer names anyone: it starts a new player.
    expect((await deviceSession(service.url, deviceId)).player.id).not.toBe(owner.player.id);
  });

  it('still asks a player with an email for the password before removing the account', async () => {
    const ivy = await deviceSession(service.url, newDeviceId());
    await graphql(service.url, LINK_EMAIL, { input: { email: email('ivy'), password: 'correct horse' } }, ivy.accessToken);
    const before = await accountRows(dataSource);
    const response = await graphql(service.url, 'mutation { deleteMyAccount(input: {}) { playerId } }', {}, ivy.accessToken);
    expect(refusal(response)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.password', rule: 'required' });
    expect(await accountRows(dataSource)).toEqual(before);
  });
});
