import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { ServiceProcess, startServiceProcess } from '@scriptbook/platform/testing/service-process';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { hopeInhumanityExamples } from '@scriptbook/games/hope-inhumanity/rules/hope-inhumanity.examples';
import { HOPE_DICE_SPENT_REASONING } from '@scriptbook/games/hope-inhumanity/rules/hope-inhumanity.rules-data';
import { knownCardsVictory, printedCardsVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { HUNGER_FLOOR_REASONING } from '@scriptbook/games/twom/rules/core/twom.rules-data';
import { twomTacticsExamples } from '@scriptbook/games/twom/rules/tactics/twom-tactics.examples';
import { UNMARK_TABLE } from '@scriptbook/games/twom/rules/tactics/twom-tactics.rules-data';
import { twomTalesExamples } from '@scriptbook/games/twom/rules/tales/twom-tales.examples';
import { accountsApp } from '../../services/accounts/src/accounts.app';
import { registerPlayer } from '../../services/accounts/src/groups/group-test-kit';
import { GatewayOverLiveSubgraphs, startGatewayOverLiveSubgraphs } from '../../services/gateway/src/testing/gateway-over-live-subgraphs';
import { isPrinted, loadSeeds } from './seed-text';

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String) {
  replay(procedureId: $procedureId, input: $input, seed: $seed) { resultJson transcript { text inferred reasoning } }
}`;
const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score verified breakdown { cards { cardId source } } } } }`;
const VERIFIED_BOARD = `{ leaderboard(verifiedOnly: true) { edges { node { result { id } } } } }`;
const DESCRIPTIONS = `{
  levels: __type(name: "CampaignTwomCharacterLevels") { fields { name description } }
  state: __type(name: "CampaignTwomState") { fields { name description } }
}`;

interface Step {
  readonly text: string;
  readonly inferred: boolean;
  readonly reasoning: string | null;
}

/**
 * Each reading the second fidelity pass found, as a frontend meets it through
 * the gateway over the real rules, scoring, accounts and campaigns subgraphs:
 * served with its basis, or as the rulebook prints it.
 */
describe('content and rules fidelity through the gateway', () => {
  const isolation = new TestIsolation();
  const seeds = loadSeeds();
  let services: (RunningService | ServiceProcess)[] = [];
  let running: GatewayOverLiveSubgraphs;
  let url: string;

  beforeAll(async () => {
    // Content, rules, scoring and campaigns run as processes of their own, as in production: each subgraph's schema is built alone.
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

  const replay = async (procedureId: string, input: object, seed: string): Promise<{ result: any; transcript: Step[] }> => {
    const answer = await graphql(url, REPLAY, { procedureId, input: JSON.stringify(input), seed });
    expect(answer.errors).toBeUndefined();
    return { result: JSON.parse(answer.data!.replay.resultJson), transcript: answer.data!.replay.transcript };
  };

  it('serves a die-table row the card does not print as inferred, with its reasoning, never as a printed row', async () => {
    const { transcript } = await replay('twom-tactics.unmark-enemies', twomTacticsExamples['twom-tactics.unmark-enemies'], 'golden:twom-tactics.unmark-enemies');
    expect(transcript).toHaveLength(2);
    for (const step of transcript) {
      expect(step).toMatchObject({ inferred: true, reasoning: UNMARK_TABLE[1].inference });
      expect(step.text).toMatch(/no printed row covers 4-10 \(inferred: the Enemy stays marked\)$/);
      expect(step.text).not.toMatch(/row 4-10 applies/);
    }
  });

  it('serves the Incident setup notes as seed 000 prints them, the Objective\'s loss and the advanced Fittings sentence included', async () => {
    const { result } = await replay('twom-tales.incident-setup', twomTalesExamples['twom-tales.incident-setup'], 'fidelity');
    const notes = result.notes as string[];
    expect(notes.some((note) => note.includes('If you do not manage to accomplish this Objective, you lose the game.'))).toBe(true);
    expect(notes.some((note) => note.includes('Any advanced Fittings should be placed next to their prerequisite basic Fittings'))).toBe(true);
    expect(notes.filter((note) => !isPrinted(seeds, note))).toEqual([]);
  });

  it('says on the step that Hunger stopped at 0, a lowest level no rulebook prints', async () => {
    const dusk = { stockpile: { water: 1, cannedFood: 1, rawFood: 0, vegetable: 0 }, characters: [{ name: 'a', hunger: 1, sadness: 0, drinksWater: true, eats: ['cannedFood'] }] };
    const { result, transcript } = await replay('twom.dusk', dusk, 'fidelity');
    expect(result.characters[0].hunger).toBe(0);
    expect(transcript).toContainEqual({ text: 'a eats Canned Food: Hunger 1 → 0 (inferred: no lower level is printed)', inferred: true, reasoning: HUNGER_FLOOR_REASONING });
  });

  it('serves Hope dice taken out of the pool as inferred, as seed 003 does not say whether they return', async () => {
    const { transcript } = await replay('hope-inhumanity.scene', hopeInhumanityExamples['hope-inhumanity.scene'], 'golden:hope-inhumanity.scene');
    const taking = transcript.filter((step) => /Hope (die|pool)/.test(step.text) && /taken out/.test(step.text));
    expect(taking.length).toBeGreaterThan(0);
    for (const step of taking) expect(step).toMatchObject({ inferred: true, reasoning: HOPE_DICE_SPENT_REASONING });
  });

  it('never verifies a result whose score rests on an inferred modifier, and verifies one of printed modifiers only', async () => {
    const player = await registerPlayer(url, 'fay', isolation.id);
    const inferred = await graphql(url, SUBMIT, { input: knownCardsVictory() }, player.token);
    expect(inferred.errors).toBeUndefined();
    const inferredResult = inferred.data!.submitZoneSurvivalResult.result;
    expect(inferredResult).toMatchObject({ score: 18, verified: false });
    expect(inferredResult.breakdown.cards).toContainEqual({ cardId: 'stalker-zs:card:the-wall-collapsed', source: 'INFERRED' });
    const printed = await graphql(url, SUBMIT, { input: printedCardsVictory() }, player.token);
    expect(printed.data!.submitZoneSurvivalResult.result).toMatchObject({ score: 19, verified: true });
    const board = (await graphql(url, VERIFIED_BOARD)).data!.leaderboard.edges.map((e: { node: { result: { id: string } } }) => e.node.result.id);
    expect(board).toContain(printed.data!.submitZoneSurvivalResult.result.id);
    expect(board).not.toContain(inferredResult.id);
  });

  it('describes Misery, Fatigue and Storage as rulebook 000 prints them and the core words kept in them as a reading, not as the seeds\' own', async () => {
    const answer = await graphql(url, DESCRIPTIONS);
    expect(answer.errors).toBeUndefined();
    const level = (name: string) => answer.data!.levels.fields.find((f: { name: string }) => f.name === name).description as string;
    const storage = answer.data!.state.fields.find((f: { name: string }) => f.name === 'storage').description as string;
    for (const text of [level('misery'), level('fatigue'), storage]) {
      expect(text).toMatch(/reading of ours/);
      expect(text).toMatch(/no rulebook says/);
      expect(text).not.toMatch(/calls it/);
    }
  });
});
