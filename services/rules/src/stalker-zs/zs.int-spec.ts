import { ContentLibrary } from '@scriptbook/content';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import {
  ContentItemLike,
  runProcedure,
  zoneSurvivalFateTriggersProcedure,
  zoneSurvivalSetupProcedure,
  zsExamples,
  ZS_EXAMPLE_DIE_FACES,
} from '@scriptbook/rules-engine';
import { rulesApp } from '../rules.app';

/**
 * Zone Survival through the rules subgraph, served from its descriptors: the
 * same answers as the engine in this process, streams that continue, the
 * seed's rules as printed, and bad input refused with its field and rule.
 */

const ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS } as const;

const SETUP = `query($input: ZoneSurvivalSetupInput!) {
  zoneSurvivalSetup(input: $input) {
    seed rngState { s0 s1 s2 c } transcript { text }
    result {
      scenario { id name number } stalkerCount specialCardIds placements { step text }
      setupDeck { size inPack notInPack }
      setupCards { slot note card { id name tags tagsKnown } }
      setupDiscards { reason card { id } }
      eventDeck { size } checks gaps { field note }
    }
  }
}`;

const FATE = `query($input: ZoneSurvivalFateTriggersInput!) {
  zoneSurvivalFateTriggers(input: $input) {
    seed rngState { s0 s1 s2 c } transcript { text }
    result { roll { die faceIndex value } fired { cardId cardName trigger text } resolveUnknowns resolveUnknownsBecause facesNotOnDie { cardId face } }
  }
}`;

const SCRIPT = `query($input: ZoneSurvivalScriptStepInput!) {
  zoneSurvivalScriptStep(input: $input) { result { scriptId via { type face label } outcome next { id number } } }
}`;

const SCORE = `query($input: ZoneSurvivalScoreInput!) {
  zoneSurvivalScore(input: $input) {
    result { victory score failedRequests breakdown { minusIcons plusIcons valueBonus inferredCardIds modifiers { cardId plus minus inferred reasoning } } }
  }
}`;

const REPLAY = `query($procedureId: ID!, $input: String!, $seed: String) {
  replay(procedureId: $procedureId, input: $input, seed: $seed) { resultJson rngState { s0 s1 s2 c } }
}`;

type Response = GraphQLResponse<Record<string, any>>;

function errorOf(response: Response) {
  expect(response.errors).toHaveLength(1);
  return response.errors![0].extensions;
}

const THICKET = 'stalker-zs:card:setup:mysterious-thicket';

describe('Zone Survival through the rules subgraph', () => {
  let service: RunningService;
  let content: unknown;

  beforeAll(async () => {
    service = await startService(rulesApp, { ...ENV });
    const library = service.app.get(ContentLibrary);
    const items = [...library.packs.flatMap((pack) => pack.itemIds)].map((id) => library.get(id) as unknown as ContentItemLike & { gameId?: string });
    content = zoneSurvivalSetupProcedure.bind!(items.filter((item) => item.gameId === 'stalker-zs'));
  });

  afterAll(async () => {
    await service?.stop();
  });

  const query = (text: string, input: object) => graphql(service.url, text, { input });

  it('sets up a Scenario as the engine does in this process, the same for the same seed, and replay gives the same bytes', async () => {
    const input = { scenarioId: 'stalker-zs:scenario:escape', stalkerCount: 2 };
    const first = await query(SETUP, { ...input, seed: 'int:zs' });
    expect(first.errors).toBeUndefined();
    const served = first.data!.zoneSurvivalSetup;
    const engine = runProcedure(zoneSurvivalSetupProcedure, input, { seed: 'int:zs' }, content as never);
    expect(served.rngState).toEqual(engine.rngState);
    expect(served.transcript.map((s: { text: string }) => s.text)).toEqual(engine.transcript.map((s) => s.text));
    expect(served.result.setupCards).toHaveLength(4);
    expect(served.result.setupDeck).toEqual({ size: 55, inPack: 10, notInPack: 45 });
    expect(served.result.placements).toContainEqual({
      step: 2,
      text: 'Place the Exit token in the Center slot. Please note that the Exit token is NOT placed in its dedicated Exit slot in this Scenario!',
    });
    expect((await query(SETUP, { ...input, seed: 'int:zs' })).data).toEqual(first.data);

    const replay = await graphql(service.url, REPLAY, { procedureId: 'stalker-zs.setup', input: JSON.stringify(input), seed: 'int:zs' });
    expect(replay.errors).toBeUndefined();
    expect(JSON.parse(replay.data!.replay.resultJson)).toEqual(engine.result);
  });

  it('serves a card whose tags the seed does not print as unknown, never as no tags', async () => {
    for (let i = 0; i < 40; i++) {
      const { result } = (await query(SETUP, { scenarioId: 'stalker-zs:scenario:elimination', stalkerCount: 1, seed: `tags-${i}` })).data!.zoneSurvivalSetup;
      const unknown = result.setupCards.find((slot: any) => slot.card && !slot.card.tagsKnown);
      if (unknown) {
        expect(unknown.card.tags).toBeNull();
        expect(unknown.note).toContain('does not print its tags');
        return;
      }
    }
    throw new Error('no setup drew a card with unknown tags in 40 seeds');
  });

  it('continues a stream: the Fate roll after a setup, from the setup\'s rngState, is the one the engine draws next', async () => {
    const setup = (await query(SETUP, { scenarioId: 'stalker-zs:scenario:surrounded', stalkerCount: 1, seed: 'evening' })).data!.zoneSurvivalSetup;
    const fateInput = { ...zsExamples['stalker-zs.fate-triggers'], dieFaces: [...ZS_EXAMPLE_DIE_FACES], scenarioId: 'stalker-zs:scenario:surrounded' };
    const next = await query(FATE, { ...fateInput, rngState: setup.rngState });
    expect(next.errors).toBeUndefined();
    const served = next.data!.zoneSurvivalFateTriggers;
    expect(served.seed).toBeNull();
    const engineSetup = runProcedure(zoneSurvivalSetupProcedure, { scenarioId: 'stalker-zs:scenario:surrounded', stalkerCount: 1 }, { seed: 'evening' }, content as never);
    const engineFate = runProcedure(zoneSurvivalFateTriggersProcedure, fateInput, { rngState: engineSetup.rngState }, content as never);
    expect(served.result.roll.value).toBe(engineFate.result.roll.value);
    expect(served.rngState).toEqual(engineFate.rngState);
    // Surrounded: "you ALWAYS resolve 1 [Unknown token icon] from each stack ... in the Fate Triggers step".
    expect(served.result.resolveUnknowns).toBe(true);
    expect(served.result.resolveUnknownsBecause).toContain('Surrounded');
  });

  it('fires Blizzard on the yellow face whichever spelling the caller uses for it', async () => {
    const faces = ['[yellow icon]', '[yellow icon]'];
    const response = await query(FATE, { cardIds: ['stalker-zs:card:event:blizzard'], dieFaces: faces, seed: 'y' });
    expect(response.errors).toBeUndefined();
    const { result } = response.data!.zoneSurvivalFateTriggers;
    expect(result.roll.value).toBe('stalker-zs:icon:yellow');
    expect(result.fired).toEqual([
      { cardId: 'stalker-zs:card:event:blizzard', cardName: 'Blizzard', trigger: 'FACE', text: 'The blizzard is fading, discard this card.' },
    ]);
  });

  it('returns script 038\'s inline "Gain 1 [shovel icon]." with no next script', async () => {
    const response = await query(SCRIPT, { scriptId: 'stalker-zs:script:038', face: '[red cross icon]', seed: 's' });
    expect(response.errors).toBeUndefined();
    expect(response.data!.zoneSurvivalScriptStep.result).toEqual({
      scriptId: 'stalker-zs:script:038',
      via: { type: 'DIE_FACE', face: 'stalker-zs:icon:red-cross', label: null },
      outcome: 'Gain 1 [shovel icon].',
      next: null,
    });
  });

  it('scores with printed and inferred modifiers told apart', async () => {
    const response = await query(SCORE, { ...zsExamples['stalker-zs.score'], requests: [{ cardId: THICKET, met: true }], cardIds: [...zsExamples['stalker-zs.score'].cardIds] });
    expect(response.errors).toBeUndefined();
    const { result } = response.data!.zoneSurvivalScore;
    expect(result).toMatchObject({ victory: true, score: 23, breakdown: { inferredCardIds: ['stalker-zs:card:setup:abandoned-stalker-camp'] } });
    expect(result.breakdown.modifiers.find((m: any) => m.cardId === THICKET)).toEqual({ cardId: THICKET, plus: 0, minus: 1, inferred: false, reasoning: null });
  });

  describe('bad input is refused with its field and rule', () => {
    it.each([0, 5])('a Stalker count of %i', async (stalkerCount) => {
      const response = await query(SETUP, { scenarioId: 'stalker-zs:scenario:elimination', stalkerCount, seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.stalkerCount', rule: 'range' });
    });

    it('an unknown Scenario', async () => {
      const response = await query(SETUP, { scenarioId: 'stalker-zs:scenario:nowhere', stalkerCount: 2, seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.scenarioId', rule: 'unknown' });
    });

    it('a card given twice to the score', async () => {
      const input = { scenarioId: 'stalker-zs:scenario:elimination', stalkerCount: 2, objectiveMet: true, cardIds: ['stalker-zs:card:event:blizzard', 'stalker-zs:card:event:blizzard'] };
      expect(errorOf(await query(SCORE, input))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.cardIds[1]', rule: 'unique' });
    });

    it('a Request card among the cards with no answer for it', async () => {
      const input = { scenarioId: 'stalker-zs:scenario:elimination', stalkerCount: 2, objectiveMet: true, cardIds: [THICKET] };
      expect(errorOf(await query(SCORE, input))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.requests', rule: 'required' });
    });

    it('a Fate roll without die faces, since the seed lists none', async () => {
      const response = await query(FATE, { cardIds: ['stalker-zs:card:event:blizzard'], seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.dieFaces', rule: 'required' });
    });

    it('an unknown card names its place in input.cardIds', async () => {
      const response = await query(FATE, { cardIds: ['stalker-zs:card:event:blizzard', 'nope'], dieFaces: [...ZS_EXAMPLE_DIE_FACES], seed: 's' });
      expect(errorOf(response)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.cardIds[1]', rule: 'unknown' });
    });
  });
});
