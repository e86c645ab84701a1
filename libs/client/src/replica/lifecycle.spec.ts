import { twomGame } from '@scriptbook/games';
import { ScriptbookError } from '../errors';
import { FakeNetwork } from '../testing/fake-network';
import { InProcessServer } from '../testing/in-process-server';
import { newDevice, openTab, seededRandom } from '../testing/test-device';
import { VirtualClock } from '../testing/virtual-clock';

const games = [twomGame];
type Twom = { storage: Record<string, number> };

/** Two devices of one table on one campaign: the phone runs the lifecycle, the tablet plays. */
async function setUp() {
  const clock = new VirtualClock();
  const random = seededRandom(11);
  const server = new InProcessServer({ games, clock });
  const network = new FakeNetwork(server, clock, random);
  const campaign = server.createCampaign('twom');
  const open = async () => {
    const device = newDevice();
    const tab = await openTab({ games, clock, network, random, ...device });
    await clock.drive(tab.client.signInWithDevice());
    const replica = await clock.drive(tab.client.campaign<Twom>(campaign.id));
    return { tab, replica, disk: device.disk };
  };
  const phone = await open();
  const tablet = await open();
  await clock.advance(10);
  return { clock, server, campaign, phone, tablet };
}

const refusalOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ScriptbookError);
  const { code, field, rule } = error as ScriptbookError;
  return { code, field, rule };
};

const pushes = (sent: readonly string[]) => sent.filter((name) => name === 'SdkPushCampaignActions').length;

jest.setTimeout(30_000);

describe('a campaign’s lifecycle on the replicas', () => {
  it('takes rename and transfer entries as records: the name and group follow, and the queue is not touched by them', async () => {
    const { clock, server, campaign, phone, tablet } = await setUp();
    tablet.tab.link.online = false;
    const queued = await tablet.replica.act('add-resource', { resource: 'Water', amount: 2 });

    await clock.drive(phone.tab.client.renameCampaign(campaign.id, '  Winter siege  '));
    await clock.drive(phone.tab.client.transferCampaign(campaign.id, 'group-2'));
    expect(phone.replica.getSnapshot().campaign).toEqual({ name: 'Winter siege', groupId: 'group-2', archived: false, readOnly: false });
    expect(server.campaigns.get(campaign.id)!.log.map((change) => [change.name, change.args, change.clientId, change.seq, change.delta])).toEqual([
      ['rename-campaign', { from: 'Test campaign', to: 'Winter siege' }, null, null, []],
      ['transfer-campaign', { fromGroupId: 'group-1', toGroupId: 'group-2' }, null, null, []],
    ]);

    tablet.tab.link.online = true;
    await clock.drive(tablet.replica.syncNow());
    await clock.runUntil(() => tablet.replica.getSnapshot().pending.length === 0, 60_000, 'the tablet’s push');
    // The action applied after the two entries, at version 3: neither was taken for it.
    await expect(queued.verdict).resolves.toEqual({ outcome: 'applied', version: 3 });
    const snapshot = tablet.replica.getSnapshot();
    expect(snapshot.campaign).toEqual({ name: 'Winter siege', groupId: 'group-2', archived: false, readOnly: false });
    expect(snapshot.confirmed).toEqual({ version: 3, state: server.campaigns.get(campaign.id)!.state });
    expect(snapshot.optimistic.storage.Water).toBe(2);
  });

  it('refuses a bad name and a transfer to the same group with the field and rule, and records nothing', async () => {
    const { clock, server, campaign, phone } = await setUp();
    expect(await refusalOf(clock.drive(phone.tab.client.renameCampaign(campaign.id, '   ')))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.name', rule: 'min' });
    expect(await refusalOf(clock.drive(phone.tab.client.transferCampaign(campaign.id, 'group-1')))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.groupId', rule: 'same-group' });
    expect(server.campaigns.get(campaign.id)!.log).toEqual([]);
  });

  it('holds an archived campaign’s queue back without a verdict, refuses act at once, and sends the same actions once it is unarchived', async () => {
    const { clock, server, campaign, phone, tablet } = await setUp();
    tablet.tab.link.online = false;
    const first = await tablet.replica.act('add-resource', { resource: 'Wood', amount: 1 });
    await clock.drive(phone.tab.client.archiveCampaign(campaign.id));
    expect(phone.replica.getSnapshot().sync.archived).toBe(true);

    // The tablet did not know: its push is refused campaign-archived, which is no rejection of the action.
    tablet.tab.link.online = true;
    await clock.drive(tablet.replica.syncNow());
    await clock.runUntil(() => tablet.replica.getSnapshot().sync.archived, 60_000, 'the archive seen');
    let settled = false;
    void first.verdict.then(() => (settled = true));
    const held = tablet.replica.getSnapshot();
    expect(held.pending).toEqual([expect.objectContaining({ id: first.id, seq: 1, status: 'queued' })]);
    expect(held.rejections).toEqual([]);
    expect(held.campaign.archived).toBe(true);
    expect(held.sync.connection).toBe('online');

    expect(await refusalOf(tablet.replica.act('add-resource', { resource: 'Wood', amount: 1 }))).toEqual({ code: 'CONFLICT', field: 'campaignId', rule: 'campaign-archived' });
    expect(tablet.replica.getSnapshot().pending).toHaveLength(1);

    // No push while archived, however long it waits (it polls, and pulls only).
    const before = pushes(tablet.tab.link.sent);
    await clock.advance(60_000);
    expect(pushes(tablet.tab.link.sent)).toBe(before);
    expect(settled).toBe(false);
    expect(server.campaigns.get(campaign.id)!.lastSeq.size).toBe(0);

    // Unarchived by the phone: the tablet's next pull shows unarchive-campaign and the same seq goes.
    await clock.drive(phone.tab.client.unarchiveCampaign(campaign.id));
    await clock.runUntil(() => tablet.replica.getSnapshot().pending.length === 0, 60_000, 'the push after the unarchive');
    await expect(first.verdict).resolves.toEqual({ outcome: 'applied', version: 3 });
    expect(tablet.replica.getSnapshot().sync.archived).toBe(false);
    expect(server.campaigns.get(campaign.id)!.log.map((change) => change.name)).toEqual(['archive-campaign', 'unarchive-campaign', 'add-resource']);
  });

  it('refuses undo of a lifecycle change, and undo and revert of an archived campaign', async () => {
    const { clock, campaign, phone } = await setUp();
    await clock.drive(phone.tab.client.renameCampaign(campaign.id, 'Spring thaw'));
    expect(await refusalOf(clock.drive(phone.replica.undo(1)))).toEqual({ code: 'CONFLICT', field: 'actionVersion', rule: 'lifecycle-change' });
    await clock.drive(phone.tab.client.archiveCampaign(campaign.id));
    expect(await refusalOf(clock.drive(phone.replica.revertTo(0)))).toEqual({ code: 'CONFLICT', field: 'campaignId', rule: 'campaign-archived' });
    expect(await refusalOf(clock.drive(phone.tab.client.renameCampaign(campaign.id, 'Again')))).toEqual({ code: 'CONFLICT', field: 'input.campaignId', rule: 'campaign-archived' });
  });

  it('shows a deleted campaign as deleted and stops, keeping the outbox; a restore and resume send what waited; discard forgets it', async () => {
    const { clock, server, campaign, phone, tablet } = await setUp();
    tablet.tab.link.online = false;
    const waiting = await tablet.replica.act('add-resource', { resource: 'Water', amount: 1 });
    const deleted = await clock.drive(phone.tab.client.deleteCampaign(campaign.id));
    expect(deleted).toEqual(expect.objectContaining({ id: campaign.id, archived: false, deletedBy: expect.objectContaining({ id: expect.any(String) }) }));
    expect((await clock.drive(phone.tab.client.deletedGroupCampaigns('group-1'))).items.map((each) => each.id)).toEqual([campaign.id]);

    tablet.tab.link.online = true;
    await clock.drive(tablet.replica.syncNow());
    await clock.runUntil(() => tablet.replica.getSnapshot().sync.connection === 'deleted', 60_000, 'the deletion seen');
    expect(tablet.replica.getSnapshot().sync.error).toEqual(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(tablet.replica.getSnapshot().pending).toEqual([expect.objectContaining({ id: waiting.id, status: 'queued' })]);
    const requests = tablet.tab.link.requests;
    await clock.advance(120_000);
    expect(tablet.tab.link.requests).toBe(requests);

    await clock.drive(phone.tab.client.restoreCampaign(campaign.id));
    expect((await clock.drive(phone.tab.client.deletedGroupCampaigns('group-1'))).items).toEqual([]);
    tablet.replica.resume();
    await clock.runUntil(() => tablet.replica.getSnapshot().pending.length === 0, 60_000, 'the push after the restore');
    await expect(waiting.verdict).resolves.toEqual({ outcome: 'applied', version: 3 });
    expect(server.campaigns.get(campaign.id)!.log.map((change) => change.name)).toEqual(['delete-campaign', 'restore-campaign', 'add-resource']);

    await clock.drive(phone.tab.client.deleteCampaign(campaign.id));
    await clock.drive(phone.replica.syncNow());
    expect(phone.replica.getSnapshot().sync.connection).toBe('deleted');
    await clock.drive(phone.replica.discard());
    expect([...phone.disk.contents.keys()].filter((key) => key.includes(encodeURIComponent(campaign.id)))).toEqual([]);
  });
});

describe('time travel and revert through the replica', () => {
  it('reads the state at a version, and reverts to it as one change the replicas pull and rebase their queue on', async () => {
    const { clock, server, campaign, phone, tablet } = await setUp();
    for (const amount of [1, 2, 3]) await phone.replica.act('add-resource', { resource: 'Water', amount });
    await clock.runUntil(() => phone.replica.getSnapshot().pending.length === 0, 60_000, 'the phone’s pushes');
    const atOne = await clock.drive(phone.replica.at(1));
    expect(atOne).toEqual(expect.objectContaining({ campaignId: campaign.id, version: 1, currentVersion: 3 }));
    expect((atOne!.state as Twom).storage.Water).toBe(1);
    expect(await refusalOf(clock.drive(phone.replica.at(9)))).toEqual({ code: 'CONFLICT', field: 'version', rule: 'ahead-of-campaign' });
    expect(await refusalOf(clock.drive(phone.replica.at(-1)))).toEqual({ code: 'BAD_USER_INPUT', field: 'version', rule: 'range' });

    tablet.tab.link.online = false;
    await tablet.replica.act('add-resource', { resource: 'Water', amount: 10 });
    const revert = await clock.drive(phone.replica.revertTo(1));
    expect(revert).toEqual(expect.objectContaining({ version: 4, name: 'revert', args: { toVersion: 1 }, clientId: null, seq: null }));
    await clock.runUntil(() => phone.replica.getSnapshot().confirmed.version === 4, 60_000, 'the revert pulled');
    expect(phone.replica.getSnapshot().confirmed.state).toEqual(atOne!.state);
    expect(await refusalOf(clock.drive(phone.replica.revertTo(4)))).toEqual({ code: 'CONFLICT', field: 'version', rule: 'nothing-to-revert' });

    tablet.tab.link.online = true;
    await clock.drive(tablet.replica.syncNow());
    await clock.runUntil(() => tablet.replica.getSnapshot().pending.length === 0, 60_000, 'the tablet’s push');
    expect(tablet.replica.getSnapshot().confirmed.state.storage.Water).toBe(11);
    expect(server.campaigns.get(campaign.id)!.log.filter((change) => change.version <= 3).map((change) => change.undoneByVersion)).toEqual([null, 4, 4]);
  });
});

describe('a revert that an opened envelope blocks', () => {
  it('is refused by the server’s plan with every blocking version, nothing stored, and a revert to the last of them or later passes', async () => {
    const { clock, server, campaign, phone, tablet } = await setUp();
    await phone.replica.act('add-resource', { resource: 'Water', amount: 1 });
    await clock.runUntil(() => phone.replica.getSnapshot().pending.length === 0, 60_000, 'the phone’s push');
    server.openEnvelope(campaign.id, { envelopeId: 'twom:envelope:a', openedAt: '2026-12-01T20:00:00.000Z', byScenarioId: 'twom:scenario:one' });
    await phone.replica.act('add-resource', { resource: 'Water', amount: 2 });
    await clock.runUntil(() => phone.replica.getSnapshot().pending.length === 0, 60_000, 'the phone’s second push');
    server.openEnvelope(campaign.id, { envelopeId: 'twom:envelope:b', openedAt: '2026-12-02T20:00:00.000Z', byScenarioId: 'twom:scenario:two' });
    await clock.runUntil(() => phone.replica.getSnapshot().confirmed.version === 4, 60_000, 'the second opening pulled');
    const logged = server.campaigns.get(campaign.id)!.log.map((change) => change.name);
    expect(logged).toEqual(['add-resource', 'open-envelope', 'add-resource', 'open-envelope']);

    const refused = await clock.drive(phone.replica.revertTo(1)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(ScriptbookError);
    const error = refused as ScriptbookError;
    expect({ code: error.code, field: error.field, rule: error.rule, blockingVersions: error.blockingVersions }).toEqual({
      code: 'CONFLICT',
      field: 'version',
      rule: 'legacy',
      blockingVersions: [2, 4],
    });
    expect(error.message).toContain('Revert to version 4 or later');
    expect(server.campaigns.get(campaign.id)!.log.map((change) => change.name)).toEqual(logged);
    expect(server.campaigns.get(campaign.id)!.log.every((change) => change.undoneByVersion === null)).toBe(true);
    expect(phone.replica.getSnapshot().confirmed.version).toBe(4);
    // A refusal of another kind carries none.
    const nothingToRevert = await clock.drive(phone.replica.revertTo(4)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(nothingToRevert).toBeInstanceOf(ScriptbookError);
    expect((nothingToRevert as ScriptbookError).blockingVersions).toBeUndefined();

    // Version 4, the last blocking one, is a revert that passes: both openings stay in the state it brings back.
    await phone.replica.act('add-resource', { resource: 'Water', amount: 5 });
    await clock.runUntil(() => phone.replica.getSnapshot().pending.length === 0, 60_000, 'the phone’s third push');
    const held = (await clock.drive(phone.replica.at(4)))!.state;
    const revert = await clock.drive(phone.replica.revertTo(4));
    expect(revert).toEqual(expect.objectContaining({ version: 6, name: 'revert', args: { toVersion: 4 } }));
    await clock.runUntil(() => tablet.replica.getSnapshot().confirmed.version === 6, 60_000, 'the tablet to pull the revert');
    expect(tablet.replica.getSnapshot().confirmed.state).toEqual(held);
    expect((held as { envelopesOpened?: unknown[] }).envelopesOpened).toHaveLength(2);
  });
});
