import Redis from 'ioredis';
import { createScriptbookClient, memoryKeystore, memoryStore, ScriptbookClient, ScriptbookError, ZoneSurvivalCampaignSubmission } from '@scriptbook/client';
import { Client } from 'pg';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TEST_DATABASE_URL, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { BLIZZARD, bossHuntVictory, CAMP, CAVE, CRITICAL_SHOT, FLOODED, THICKET } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { campaignsApp } from '../../../campaigns/src/campaigns.app';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../../gateway/src/testing/gateway-over-live-subgraphs';

const BOSS_HUNT = 'stalker-zs:scenario:boss-hunt';
const RECON_IN_FORCE = 'stalker-zs:scenario:recon-in-force';
/**
 * Seeds of the engine's setup, read from its deal: Boss Hunt for two on
 * `table-2` deals Abandoned Stalker Camp in the fourth Setup slot and leaves
 * the other three to the table (cards the content does not hold); Recon in
 * Force for two deals an Event deck of 9 cards, by size only.
 */
const BOSS_HUNT_SEED = 'table-2';
const RECON_SEED = 'table-1';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id zoneSurvivalState { setupCards eventDeck { size cards } } } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }`;
const SUBMIT = `mutation($fromCampaign: SubmitZoneSurvivalResultFromCampaignInput, $input: SubmitZoneSurvivalResultInput) {
  submitZoneSurvivalResult(fromCampaign: $fromCampaign, input: $input) {
    result { id score verified verification victory scenarioId mapId stalkerCount roundsPlayed breakdown { cards { cardId source } } }
  }
}`;
const BOARD = `query($record: Boolean!) { leaderboard(platformRecordOnly: $record, first: 10) { totalCount edges { node { score player { id } result { id verification } } } } }`;

let submissions = 0;
const submissionId = () => `campaign-submission-${Date.now().toString(36)}-${(submissions += 1)}`;

describe('a Zone Survival campaign scored from the platform’s record, through the gateway', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let accounts: ServiceProcess;
  let campaigns: RunningService;
  let scoring: ServiceProcess;
  let device: ScriptbookClient | undefined;
  let gatewayRun: GatewayOverLiveSubgraphs;
  let url: string;
  let ana: string;
  let cleo: string;
  let storedResults: () => Promise<number>;
  let scoringData: Client;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    // Accounts signs the SDK's device in; Nest's type registry is one per process, so it runs in its own.
    accounts = await startServiceProcess('services/accounts/src/main.ts', isolation.postgresEnv('accounts'));
    campaigns = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    scoring = await startServiceProcess('services/scoring/src/main.ts', isolation.postgresEnv('scoring', { CAMPAIGNS_URL: `${campaigns.url}/graphql` }));
    gatewayRun = await startGatewayOverLiveSubgraphs(isolation, { accounts, campaigns, scoring });
    url = gatewayRun.gateway.url;
    const tokens = campaigns.app.get(TokenService);
    ana = tokens.issue('player-ana').accessToken;
    cleo = tokens.issue('player-cleo').accessToken;
    // The scoring schema is the test's own: count its rows directly, as the service stores them.
    scoringData = new Client({ connectionString: TEST_DATABASE_URL });
    await scoringData.connect();
    const results = `"${isolation.schemaFor('scoring')}".results`;
    storedResults = async () => Number((await scoringData.query(`SELECT count(*) AS n FROM ${results}`)).rows[0].n);
  }, 180_000);

  afterAll(async () => {
    await device?.close();
    await scoringData?.end();
    await gatewayRun?.stop();
    await scoring?.stop();
    await campaigns?.stop();
    await accounts?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  /** A campaign dealt by the engine's setup, through the gateway, and played through its actions. */
  async function dealAndPlay(scenarioId: string, seed: string, actions: { name: string; args: Record<string, unknown> }[], token = ana): Promise<{ id: string; setupCards: (string | null)[] }> {
    const created = await graphql(url, CREATE, { input: { gameId: 'stalker-zs', name: 'Zone night', seed, zoneSurvivalSetup: { scenarioId, stalkerCount: 2 } } }, token);
    expect(created.errors).toBeUndefined();
    const campaign = created.data!.createCampaign;
    const pushed = await graphql(url, PUSH, { input: { campaignId: campaign.id, clientId: 'table-tablet-1', actions: actions.map((action, i) => ({ seq: i + 1, ...action })) } }, token);
    expect(pushed.errors).toBeUndefined();
    expect(pushed.data!.pushCampaignActions.rejected).toEqual([]);
    return { id: campaign.id, setupCards: campaign.zoneSurvivalState.setupCards };
  }

  const rounds = (n: number) => Array.from({ length: n }, () => ({ name: 'advance-round', args: {} }));
  const bossHuntPlayed = (setupCards: string[], mapId = 'stalker-zs:map:3') => [
    { name: 'start-scenario', args: { scenarioId: BOSS_HUNT, mapId, stalkers: ['Ana', 'Ben'], setupCards } },
    { name: 'take-request', args: { request: THICKET } },
    { name: 'fulfil-request', args: { request: THICKET } },
    ...rounds(8),
    { name: 'finish-scenario', args: {} },
  ];
  /** What the table adds to a Boss Hunt it won: the Event cards it drew (the record holds none) and the icons the catalogue lacks. */
  const bossHuntTable = (campaignId: string) => ({
    campaignId,
    clientSubmissionId: submissionId(),
    objectiveMet: true,
    tableCardIds: [BLIZZARD, CRITICAL_SHOT],
    declaredCards: [
      { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 },
      { cardId: CAVE, cardType: 'setup', plus: 0, minus: 0 },
    ],
  });

  it('scores a dealt campaign from its record with no card list, at PLATFORM_RECORD, on the record view, once', async () => {
    const campaign = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP]));
    expect(campaign.setupCards).toEqual([null, null, null, CAMP]);

    const submitted = await graphql(url, SUBMIT, { fromCampaign: bossHuntTable(campaign.id) }, ana);
    expect(submitted.errors).toBeUndefined();
    const result = submitted.data!.submitZoneSurvivalResult.result;
    // 20 + Thicket 1 + Blizzard 1 − Critical Shot 2; Camp is read as none, the declared cards show none.
    expect(result).toMatchObject({
      score: 20,
      victory: true,
      verified: false,
      verification: 'PLATFORM_RECORD',
      scenarioId: BOSS_HUNT,
      mapId: 'stalker-zs:map:3',
      stalkerCount: 2,
      roundsPlayed: 8,
    });
    expect(result.breakdown.cards.map((card: { cardId: string }) => card.cardId).sort()).toEqual([BLIZZARD, CAMP, CAVE, CRITICAL_SHOT, FLOODED, THICKET].sort());

    const recordBoard = await graphql(url, BOARD, { record: true });
    expect(recordBoard.errors).toBeUndefined();
    expect(recordBoard.data!.leaderboard.edges.map((edge: any) => [edge.node.player.id, edge.node.score, edge.node.result])).toEqual([
      ['player-ana', 20, { id: result.id, verification: 'PLATFORM_RECORD' }],
    ]);

    const before = await storedResults();
    const again = await graphql(url, SUBMIT, { fromCampaign: bossHuntTable(campaign.id) }, ana);
    expect(again.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fromCampaign.campaignId', rule: 'scored-once' });
    expect(await storedResults()).toBe(before);
  });

  it('lets one of two submissions of a campaign made at the same moment score it', async () => {
    const campaign = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP]));
    const before = await storedResults();
    const answers = await Promise.all([0, 1, 2].map(() => graphql(url, SUBMIT, { fromCampaign: bossHuntTable(campaign.id) }, ana)));
    expect(answers.filter((answer) => !answer.errors).length).toBe(1);
    for (const refused of answers.filter((answer) => answer.errors)) {
      expect(refused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fromCampaign.campaignId', rule: 'scored-once' });
    }
    expect(await storedResults()).toBe(before + 1);
  });

  it('refuses a record whose Rounds outrun its dealt Event deck, and stores nothing', async () => {
    const campaign = await dealAndPlay(RECON_IN_FORCE, RECON_SEED, [
      { name: 'start-scenario', args: { scenarioId: RECON_IN_FORCE, mapId: 'stalker-zs:map:1', stalkers: ['Ana', 'Ben'] } },
      ...rounds(10),
      { name: 'finish-scenario', args: {} },
    ]);
    const before = await storedResults();
    const refused = await graphql(url, SUBMIT, { fromCampaign: { campaignId: campaign.id, clientSubmissionId: submissionId(), objectiveMet: true } }, ana);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fromCampaign.campaignId', rule: 'rounds-beyond-event-deck' });
    expect(refused.errors?.[0].message).toMatch(/10 Rounds.*9 cards/);
    expect(await storedResults()).toBe(before);
  });

  it('refuses where the table and the record disagree, or the record is no finished game the platform dealt', async () => {
    const replaced = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, 'stalker-zs:card:setup:mysterious-cave']));
    const unfinished = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP]).slice(0, 4));
    const fulfilled = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP]));
    const before = await storedResults();
    const cases: [Record<string, unknown>, string, string][] = [
      [bossHuntTable(replaced.id), 'fromCampaign.campaignId', 'dealt-setup-cards'],
      [bossHuntTable(unfinished.id), 'fromCampaign.campaignId', 'finished'],
      [{ ...bossHuntTable(fulfilled.id), requests: [{ cardId: THICKET, met: false }] }, 'fromCampaign.requests[0].met', 'record-mismatch'],
      [{ ...bossHuntTable(fulfilled.id), tableCardIds: [CAMP, BLIZZARD] }, 'fromCampaign.tableCardIds[0]', 'in-record'],
      [{ ...bossHuntTable(fulfilled.id), declaredCards: [] }, 'fromCampaign.declaredCards', 'required'],
      [{ ...bossHuntTable(fulfilled.id), clientSubmissionId: 'short' }, 'fromCampaign.clientSubmissionId', 'format'],
    ];
    // A campaign of the daily challenge is held to its setup, as a card list is: one of another Scenario is refused on the record.
    // The campaign differs from today's challenge in its Scenario, or, when the challenge is Boss Hunt, in its Map.
    const challenge = (await graphql(url, `{ dailyChallenge { id scenarioId mapId } }`, {}, ana)).data!.dailyChallenge;
    const otherMap = challenge.mapId === 'stalker-zs:map:3' ? 'stalker-zs:map:4' : 'stalker-zs:map:3';
    const notTheChallenge = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP], otherMap));
    cases.push(
      [{ ...bossHuntTable(notTheChallenge.id), challengeId: challenge.id }, 'fromCampaign.campaignId', 'challenge-setup'],
      [{ ...bossHuntTable(fulfilled.id), challengeId: 'stalker-zs:daily:yesterday' }, 'fromCampaign.challengeId', 'format'],
    );
    for (const [fromCampaign, field, rule] of cases) {
      const answer = await graphql(url, SUBMIT, { fromCampaign }, ana);
      expect([field, answer.errors?.[0].extensions]).toEqual([field, expect.objectContaining({ code: 'BAD_USER_INPUT', field, rule })]);
    }
    const both = await graphql(url, SUBMIT, { fromCampaign: bossHuntTable(fulfilled.id), input: bossHuntVictory() }, ana);
    expect(both.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fromCampaign', rule: 'one-of' });
    const neither = await graphql(url, SUBMIT, {}, ana);
    expect(neither.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'fromCampaign', rule: 'one-of' });
    expect(await storedResults()).toBe(before);
  });

  it('refuses a player outside the campaign’s group and a caller without a token, and stores nothing', async () => {
    const campaign = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP]));
    const before = await storedResults();
    const stranger = await graphql(url, SUBMIT, { fromCampaign: bossHuntTable(campaign.id) }, cleo);
    expect(stranger.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'fromCampaign.campaignId' });
    const anonymous = await graphql(url, SUBMIT, { fromCampaign: bossHuntTable(campaign.id) });
    expect(anonymous.errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await storedResults()).toBe(before);
    // The stranger's refusal left the campaign to its own group: its player still scores it.
    const owner = await graphql(url, SUBMIT, { fromCampaign: bossHuntTable(campaign.id) }, ana);
    expect(owner.errors).toBeUndefined();
  });

  it('is offered by the client SDK: one typed call scores a campaign the device played, and a second is refused', async () => {
    device = await createScriptbookClient({ endpoint: `${url}/graphql`, keystore: memoryKeystore(), store: memoryStore(), webSocket: null, connectivity: null });
    await device.signInWithDevice({ displayName: 'Table' });
    const campaign = await dealAndPlay(BOSS_HUNT, BOSS_HUNT_SEED, bossHuntPlayed([THICKET, FLOODED, CAVE, CAMP]), await device.accessToken());
    const result = await device.submitZoneSurvivalCampaignResult(bossHuntTable(campaign.id) as ZoneSurvivalCampaignSubmission);
    expect(result).toMatchObject({ victory: true, score: 20, verification: 'PLATFORM_RECORD', roundsPlayed: 8 });
    const second = await device.submitZoneSurvivalCampaignResult(bossHuntTable(campaign.id) as ZoneSurvivalCampaignSubmission).then(
      () => null,
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(ScriptbookError);
    const { code, field, rule } = second as ScriptbookError;
    expect({ code, field, rule }).toEqual({ code: 'BAD_USER_INPUT', field: 'fromCampaign.campaignId', rule: 'scored-once' });
  });
});
