import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { composeSupergraph, servedSubgraphSdls } from '../../../../scripts/schema/subgraph-schemas';
import { followCampaign, versionsCovered } from '../testing/live-follower';

/**
 * Two devices of one group sync a campaign through the gateway, with the
 * whole platform running from the build. The supergraph is composed from the
 * code as it is, so the test does not wait for the checked-in schema.
 */
const PORT_OFFSET = platformPortOffset(21_000);

const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq rule reason } } }`;
const CHANGES = `query($id: ID!, $since: Int!) { campaignChanges(campaignId: $id, sinceVersion: $since) {
  version clients { clientId lastSeq } changes { version delta { op path by from to } }
} }`;
const READ = `query($id: ID!) { campaign(id: $id) { version stateJson game { id } twomState { day storage { key value } characters { key value { levels { hunger } } } notes { text } } } }`;

type Delta = { op: 'add' | 'set' | 'remove'; path: string[]; by: number | null; to: unknown }[];

/** What a device does with pulled changes: the same few lines any frontend writes. */
function applyDelta(state: Record<string, unknown>, delta: Delta): Record<string, unknown> {
  const next = structuredClone(state);
  for (const change of delta) {
    const parent = change.path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => (node[key] ??= {}) as Record<string, unknown>, next);
    const key = change.path[change.path.length - 1];
    if (change.op === 'add') parent[key] = (Number(parent[key]) || 0) + change.by!;
    else if (change.op === 'set') parent[key] = change.to;
    else delete parent[key];
  }
  return next;
}

describe('two devices syncing a campaign through the gateway, a third following live', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let GATEWAY: string;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startPlatform({ isolation, portOffset: PORT_OFFSET, supergraph: composeSupergraph(await servedSubgraphSdls()) });
    GATEWAY = platform.gatewayUrl;
    for (const who of ['ana', 'ben', 'cleo']) token[who] = (await platform.registerPlayer(who)).accessToken;
  }, 150_000);

  afterAll(async () => {
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('creates a group campaign, changes it on two offline devices, and both end with the same state, nothing lost or doubled', async () => {
    const group = (await graphql(GATEWAY, `mutation { createGroup(input: { name: "Thursday box" }) { id } }`, {}, token.ana)).data!.createGroup.id;
    const code = (await graphql(GATEWAY, `mutation($g: ID!) { groupInvite(groupId: $g) { code } }`, { g: group }, token.ana)).data!.groupInvite.code;
    expect((await graphql(GATEWAY, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: code }, token.ben)).errors).toBeUndefined();

    const created = await graphql(
      GATEWAY,
      `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id version stateJson } }`,
      { input: { gameId: 'twom', name: 'Winter siege', groupId: group } },
      token.ana,
    );
    expect(created.errors).toBeUndefined();
    const { id, stateJson: initial } = created.data!.createCampaign;

    // A third device, Ben's phone, follows the campaign live through the gateway's /graphql/ws.
    const follower = followCampaign(GATEWAY, id, { token: token.ben, signWith: false });
    await follower.reach(0);

    // Online together first: Ana adds Emira and 2 Water.
    await graphql(GATEWAY, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions: [
      { seq: 1, name: 'add-character', args: { character: 'Emira' } },
      { seq: 2, name: 'add-resource', args: { resource: 'Water', amount: 2 } },
    ] } }, token.ana);

    // Offline, each device queues its own actions.
    const phone = [
      { seq: 3, name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: 2 } },
      { seq: 4, name: 'spend-resource', args: { resource: 'Water', amount: 2 } },
    ];
    const tablet = [
      { seq: 1, name: 'spend-resource', args: { resource: 'Water', amount: 1 } },
      { seq: 2, name: 'add-note', args: { text: 'Water ran out' } },
      { seq: 3, name: 'advance-day' },
    ];
    // Back online: the tablet pushes first; the phone's answer is lost and it pushes again.
    const fromTablet = await graphql(GATEWAY, PUSH, { input: { campaignId: id, clientId: 'tablet-ben-1', actions: tablet } }, token.ben);
    expect(fromTablet.data!.pushCampaignActions).toEqual({ version: 5, lastSeq: 3, rejected: [] });
    const lost = await graphql(GATEWAY, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions: phone } }, token.ana);
    expect(lost.data!.pushCampaignActions.rejected).toEqual([{ seq: 4, rule: 'storage-below-zero', reason: expect.stringMatching(/holds 1 Water/) }]);
    const retried = await graphql(GATEWAY, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions: phone } }, token.ana);
    expect(retried.data!.pushCampaignActions).toEqual({ version: 6, lastSeq: 4, rejected: [] });

    // Each device pulls what it has not seen and applies the deltas to its own copy.
    const pull = async (who: string, since: number) => (await graphql(GATEWAY, CHANGES, { id, since }, token[who])).data!.campaignChanges;
    const phoneView = (await pull('ana', 0)).changes.reduce((s: Record<string, unknown>, c: { delta: Delta }) => applyDelta(s, c.delta), initial);
    const tabletPull = await pull('ben', 2);
    const tabletStart = (await pull('ben', 0)).changes.slice(0, 2).reduce((s: Record<string, unknown>, c: { delta: Delta }) => applyDelta(s, c.delta), initial);
    const tabletView = tabletPull.changes.reduce((s: Record<string, unknown>, c: { delta: Delta }) => applyDelta(s, c.delta), tabletStart);
    expect(tabletPull.clients).toEqual([
      { clientId: 'phone-ana-1', lastSeq: 4 },
      { clientId: 'tablet-ben-1', lastSeq: 3 },
    ]);

    const server = (await graphql(GATEWAY, READ, { id }, token.ben)).data!.campaign;
    expect(server.version).toBe(6);
    expect(phoneView).toEqual(server.stateJson);
    expect(tabletView).toEqual(server.stateJson);
    expect(server.game).toEqual({ id: 'twom' });
    expect(server.twomState).toMatchObject({
      day: 2,
      storage: [{ key: 'Water', value: 1 }],
      characters: [{ key: 'Emira', value: { levels: { hunger: 2 } } }],
      notes: [{ text: 'Water ran out' }],
    });

    // The follower saw every version, from the new campaign to the last push, each once.
    await follower.reach(6);
    expect(versionsCovered(follower.events)).toEqual({ contiguous: true, last: 6 });
    expect(follower.events[0]).toEqual({ campaignId: id, fromVersion: 0, version: 0 });
    await follower.stop();

    // Cleo is in no shared group with them: the campaign does not exist for her, read or followed.
    const stranger = await graphql(GATEWAY, READ, { id }, token.cleo);
    expect(stranger.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    const strangerFollowing = followCampaign(GATEWAY, id, { token: token.cleo, signWith: false });
    expect((await strangerFollowing.ended).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
    await strangerFollowing.stop();
  });
});
