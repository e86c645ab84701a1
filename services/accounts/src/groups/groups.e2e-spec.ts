import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../gateway/src/testing/gateway-over-live-subgraphs';
import { accountsApp } from '../accounts.app';
import { registerPlayer, SignedInPlayer } from './group-test-kit';


/**
 * Through the real gateway, over a supergraph composed from the accounts
 * subgraph this source serves (so the test does not wait for the checked-in
 * SDL to be regenerated): two players share a group by code, a third sees nothing.
 */
describe('play groups through the gateway', () => {
  const isolation = new TestIsolation();
  let accounts: RunningService;
  let gateway: RunningService;
  let gatewayRun: GatewayOverLiveSubgraphs;

  beforeAll(async () => {
    accounts = await startService(accountsApp, isolation.postgresEnv('accounts'));
    gatewayRun = await startGatewayOverLiveSubgraphs(isolation, { accounts });
    gateway = gatewayRun.gateway;
  }, 60_000);

  afterAll(async () => {
    await gatewayRun?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('lets two players share a group through an invitation code, and shows a third nothing of it', async () => {
    const players: SignedInPlayer[] = [];
    for (const name of ['ana', 'ben', 'cleo']) players.push(await registerPlayer(gateway.url, name, isolation.id));
    const [owner, friend, outsider] = players;
    const as = (player: SignedInPlayer, query: string, variables: Record<string, unknown> = {}) => graphql(gateway.url, query, variables, player.token);

    const groupId = (await as(owner, `mutation { createGroup(input: { name: "Thursday box" }) { id } }`)).data!.createGroup.id;
    const { code } = (await as(owner, `mutation($g: ID!) { groupInvite(groupId: $g) { code } }`, { g: groupId })).data!.groupInvite;
    const joined = await as(friend, `mutation($c: String!) { joinGroup(code: $c) { id myRole } }`, { c: code });
    expect(joined.errors).toBeUndefined();
    expect(joined.data!.joinGroup).toEqual({ id: groupId, myRole: 'MEMBER' });

    const GROUP = `query($g: ID!) { group(id: $g) { name members { edges { node { role player { id displayName } } } } } }`;
    for (const member of [owner, friend]) {
      const seen = await as(member, GROUP, { g: groupId });
      expect(seen.errors).toBeUndefined();
      expect(seen.data!.group.members.edges.map((edge: any) => [edge.node.player.displayName, edge.node.role])).toEqual([
        ['ana', 'OWNER'],
        ['ben', 'MEMBER'],
      ]);
    }
    expect((await as(outsider, GROUP, { g: groupId })).data).toEqual({ group: null });
    expect((await as(outsider, `{ myGroups { edges { node { id } } } }`)).data).toEqual({ myGroups: { edges: [] } });
    const guessed = await as(outsider, `mutation($g: ID!) { groupInvite(groupId: $g) { code } }`, { g: groupId });
    expect(guessed.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
  });
});
