import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { BLIZZARD, bossHuntVictory, CAMP, CRITICAL_SHOT, FLOODED, THICKET } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { accountsApp } from '../../services/accounts/src/accounts.app';
import { registerPlayer } from '../../services/accounts/src/groups/group-test-kit';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../services/gateway/src/testing/gateway-over-live-subgraphs';

const SCRIPT = `query($number: Int!) {
  script(gameId: "stalker-zs", number: $number) {
    text
    links { type targetId target { id name gaps { kind field note } ... on ZsCard { cardType cardTypeOneOf deckId aliases tagsKnown scoreModifier { plus minus } texts } } }
    segments { kind text targetId }
  }
}`;
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) {
  submitZoneSurvivalResult(input: $input) { result { id score verified breakdown { cards { cardId plus minus source } } } }
}`;
const BOARD = `query($verifiedOnly: Boolean) { leaderboard(verifiedOnly: $verifiedOnly) { edges { node { result { id } } } } }`;
const MINE = `{ myResults(first: 10) { edges { node { id } } } }`;

const SAFE = 'stalker-zs:card:safe';

/** A Boss Hunt victory whose fourth Setup card is the Safe, named by the deck it was drawn from. */
const withSafe = (declaredCards: unknown[]) =>
  bossHuntVictory(0, { cardIds: [THICKET, CAMP, FLOODED, 'stalker-zs:card:setup:safe', BLIZZARD, CRITICAL_SHOT], declaredCards: declaredCards as never });
const FLOODED_DECLARED = { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 };

/**
 * A card the Scripts name but the rulebook never prints, as a frontend meets
 * it through the gateway over the real content, scoring and accounts
 * subgraphs: a tap from the Script, a card of gaps, and a submission that
 * declares its modifier.
 */
describe('cards the Scripts name, through the gateway', () => {
  const isolation = new TestIsolation();
  let services: (RunningService | ServiceProcess)[] = [];
  let running: GatewayOverLiveSubgraphs;
  let url: string;

  beforeAll(async () => {
    const [accounts, content, rules, scoring, campaigns] = await Promise.all([
      startService(accountsApp, isolation.postgresEnv('accounts')),
      startServiceProcess('services/content/src/main.ts', isolation.postgresEnv('content')),
      startServiceProcess('services/rules/src/main.ts', isolation.postgresEnv('rules')),
      startServiceProcess('services/scoring/src/main.ts', isolation.postgresEnv('scoring')),
      startServiceProcess('services/campaigns/src/main.ts', isolation.postgresEnv('campaigns')),
    ]);
    services = [accounts, content, rules, scoring, campaigns];
    running = await startGatewayOverLiveSubgraphs(isolation, { accounts, content, rules, scoring, campaigns });
    url = running.gateway.url;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await Promise.all(services.map((service) => service.stop()));
    await isolation.cleanUp();
  });

  it('links a Script to the card it names, and the card answers with its gaps and nothing invented', async () => {
    const answer = await graphql(url, SCRIPT, { number: 34 });
    expect(answer.errors).toBeUndefined();
    const script = answer.data!.script;
    expect(script.text).toContain('Discard the Safe token and card.');
    const link = script.links.find((candidate: { targetId: string }) => candidate.targetId === SAFE);
    expect(link).toMatchObject({
      type: 'card',
      target: {
        id: SAFE,
        name: 'Safe',
        cardType: null,
        cardTypeOneOf: ['setup', 'event'],
        deckId: null,
        aliases: ['stalker-zs:card:setup:safe', 'stalker-zs:card:event:safe'],
        tagsKnown: false,
        scoreModifier: null,
        texts: [],
      },
    });
    expect(link.target.gaps.map((gap: { kind: string; field: string }) => [gap.kind, gap.field])).toEqual([
      ['not-given', 'cardType'],
      ['not-given', 'text'],
      ['not-given', 'tags'],
      ['not-given', 'scoreModifier'],
    ]);
    expect(link.target.gaps[1].note).toContain('"Discard the Safe token and card."');
    // The printed name in the Script's text is the tap.
    expect(script.segments).toContainEqual({ kind: 'LINK', text: 'Safe', targetId: SAFE });

    // A character the Scripts name is a card the seed leaves one deck for.
    const kalyna = (await graphql(url, SCRIPT, { number: 249 })).data!.script.links.find((candidate: { targetId: string }) => candidate.targetId === 'stalker-zs:card:kalyna');
    expect(kalyna.target).toMatchObject({ name: 'Kalyna', cardType: null, cardTypeOneOf: ['character'], aliases: ['stalker-zs:card:characters:kalyna'] });
  });

  it('accepts a submission naming it with a declared modifier, as unverified', async () => {
    const player = await registerPlayer(url, 'gus', isolation.id);
    const response = await graphql(url, SUBMIT, { input: withSafe([FLOODED_DECLARED, { cardId: 'stalker-zs:card:setup:safe', cardType: 'setup', plus: 1, minus: 0 }]) }, player.token);
    expect(response.errors).toBeUndefined();
    const result = response.data!.submitZoneSurvivalResult.result;
    // 20 + (Thicket 1 + Blizzard 1) − (Critical Shot 2 + Safe 1).
    expect(result).toMatchObject({ score: 19, verified: false });
    expect(result.breakdown.cards).toContainEqual({ cardId: SAFE, plus: 1, minus: 0, source: 'DECLARED' });
    const board = async (verifiedOnly: boolean) => (await graphql(url, BOARD, { verifiedOnly })).data!.leaderboard.edges.map((edge: { node: { result: { id: string } } }) => edge.node.result.id);
    expect(await board(false)).toContain(result.id);
    expect(await board(true)).not.toContain(result.id);
  });

  it('refuses a victory naming it without a declaration, with field and rule, and keeps nothing', async () => {
    const player = await registerPlayer(url, 'hal', isolation.id);
    const response = await graphql(url, SUBMIT, { input: withSafe([FLOODED_DECLARED]) }, player.token);
    expect(response.data?.submitZoneSurvivalResult ?? null).toBeNull();
    expect(response.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.declaredCards', rule: 'required' });
    expect((await graphql(url, MINE, {}, player.token)).data!.myResults.edges).toEqual([]);
  });
});
