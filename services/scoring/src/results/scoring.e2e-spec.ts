import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../../../accounts/src/accounts.app';
import { registerPlayer, SignedInPlayer } from '../../../accounts/src/groups/group-test-kit';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../gateway/src/testing/gateway-over-live-subgraphs';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';


const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score verified breakdown { cards { cardId source } } } } }`;
const BOARD = `{ leaderboard(first: 10) { totalCount nextResetAt edges { node { rank score player { id displayName } result { id } } } } }`;
const AROUND = `{ leaderboardAroundMe(radius: 1) { myRank entries { rank player { displayName } } } }`;
const MINE = `{ myResults { edges { node { id score victory } } } }`;
const CHALLENGE = `{ dailyChallenge { id scenarioId mapId stalkerCount setupCardIds setup } }`;

describe('Zone Survival scoring through the gateway', () => {
  const isolation = new TestIsolation();
  let accounts: RunningService;
  let scoring: ServiceProcess;
  let gatewayRun: GatewayOverLiveSubgraphs;
  let url: string;
  const players: Record<string, SignedInPlayer> = {};

  beforeAll(async () => {
    accounts = await startService(accountsApp, isolation.postgresEnv('accounts'));
    scoring = await startServiceProcess('services/scoring/src/main.ts', isolation.postgresEnv('scoring'));
    gatewayRun = await startGatewayOverLiveSubgraphs(isolation, { accounts, scoring });
    url = gatewayRun.gateway.url;
    for (const name of ['ana', 'ben', 'cleo']) players[name] = await registerPlayer(url, name, isolation.id);
  }, 120_000);

  afterAll(async () => {
    await gatewayRun?.stop();
    await scoring?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
  });

  it('lets players submit results, read the board with their names, their rank around them and their own history', async () => {
    const scores: Record<string, number> = {};
    for (const [name, extra] of [['ana', 2], ['ben', 6], ['cleo', 0]] as const) {
      const response = await graphql(url, SUBMIT, { input: bossHuntVictory(extra) }, players[name].token);
      expect(response.errors).toBeUndefined();
      scores[name] = response.data!.submitZoneSurvivalResult.result.score;
    }
    expect(scores).toEqual({ ana: 22, ben: 26, cleo: 20 });

    const board = await graphql(url, BOARD);
    expect(board.errors).toBeUndefined();
    expect(board.data!.leaderboard.edges.map((e: any) => [e.node.rank, e.node.player.displayName, e.node.score])).toEqual([
      [1, 'ben', 26],
      [2, 'ana', 22],
      [3, 'cleo', 20],
    ]);

    const around = await graphql(url, AROUND, {}, players.cleo.token);
    expect(around.data!.leaderboardAroundMe).toEqual({ myRank: 3, entries: [{ rank: 2, player: { displayName: 'ana' } }, { rank: 3, player: { displayName: 'cleo' } }] });

    const mine = await graphql(url, MINE, {}, players.ana.token);
    expect(mine.data!.myResults.edges.map((e: any) => e.node.score)).toEqual([22]);

    const refused = await graphql(url, SUBMIT, { input: bossHuntVictory(0, { stalkers: ['Solo'] }) }, players.ana.token);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.stalkers', rule: 'matches-stalker-count' });
  });

  it('gives two players the same daily challenge', async () => {
    const forAna = await graphql(url, CHALLENGE, {}, players.ana.token);
    const forBen = await graphql(url, CHALLENGE, {}, players.ben.token);
    expect(forAna.errors).toBeUndefined();
    expect(forBen.data).toEqual(forAna.data);
  });
});
