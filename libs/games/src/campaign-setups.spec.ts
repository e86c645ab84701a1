import { gameContentLibrary } from '@scriptbook/game-host';
import { ActionRejection, actionOf, applyAction, CampaignModel, CampaignSetup, SetupRun } from '@scriptbook/campaign-model';
import { ContentItemLike, RuleInputError, runProcedure } from '@scriptbook/rules-engine';
import { campaignModelOf, WORKED_EXAMPLES } from './games';
import { ZoneSurvivalState } from './stalker-zs/campaign/zone-survival-state';
import { TwomState } from './twom/campaign/twom-state';

const library = gameContentLibrary();
const runner = {
  run(setup: CampaignSetup, input: unknown, seed: string): SetupRun {
    const { procedure } = setup;
    const content = procedure.bind?.(library.itemsOfGame(procedure.gameId) as unknown as ContentItemLike[]);
    return { setup, resolution: runProcedure(procedure, input, { seed }, content) };
  },
};

function setUp(system: CampaignModel, procedureId: string, input: unknown, seed: string) {
  const setup = system.setups.find((s) => s.procedure.id === procedureId)!;
  const run = runner.run(setup, input, seed);
  const initial = system.initial(seed, run);
  // Whatever the setup gives, the state is one the game's schema accepts, so every action can follow it.
  expect(system.stateSchema.safeParse(initial.state).success).toBe(true);
  return { ...initial, resolution: run.resolution };
}

const act = <S>(system: CampaignModel, state: S, name: string, args: unknown) => applyAction(system.stateSchema, actionOf(system, name)!, state, args).state as S;

function rejectionOf(run: () => unknown): ActionRejection {
  try {
    run();
  } catch (error) {
    return error as ActionRejection;
  }
  throw new Error('accepted');
}

describe('a This War of Mine campaign from a Tales Incident setup', () => {
  const twom = campaignModelOf('twom')!;
  const example = WORKED_EXAMPLES['twom-tales.incident-setup'] as { characterDeck: unknown; events: string[]; endingEvents: string[] };
  const bloodInTheSnow = { ...example, scenario: 'blood-in-the-snow', events: [...example.events, 'HARSH WINTER'] };

  it('fills Characters, Storage, the Events deck, the tracks and the stream from the engine’s resolution', () => {
    const { state, setupTranscript, resolution } = setUp(twom, 'twom-tales.incident-setup', bloodInTheSnow, 'incident-seed');
    const twomState = state as TwomState;
    const result = resolution.result as { characters: { name: string }[]; eventDeck: { name: string; kind: string }[] };
    // Seed 000, Blood in the Snow: a MISERY LEVEL 2 token next to each Character, the printed Starting stuff, 4 COLD tokens.
    expect(Object.keys(twomState.characters)).toEqual(result.characters.map((c) => c.name));
    for (const character of Object.values(twomState.characters)) expect(character.levels).toEqual({ hunger: 0, misery: 2, wounds: 0, fatigue: 0, illness: 0 });
    expect(twomState.storage).toEqual({ Water: 2, Wood: 10, Components: 10, Knife: 1, 'Zip-Tie': 1 });
    expect(twomState.eventDeck.cards).toEqual(result.eventDeck);
    expect(twomState.eventDeck.cards).toHaveLength(6);
    expect(twomState.eventDeck.rngState).toEqual(resolution.rngState);
    expect(twomState.scenario).toMatchObject({
      id: 'twom:scenario:blood-in-the-snow',
      tracks: { Cold: 4, Blizzard: 3, 'Suspicions (each of 4 tracks)': 0 },
      markers: { 'Wounded Luka': 'Heavily Wounded' },
    });
    expect(twomState.scenario!.setupNotes).toContain('Shuffle 4 SPECIAL VISITORS cards into the Visitors deck.');
    expect(setupTranscript).toEqual(resolution.transcript);
    // Same seed, same campaign: every device agrees on the deck.
    expect(setUp(twom, 'twom-tales.incident-setup', bloodInTheSnow, 'incident-seed').state).toEqual(state);

    const moved = act(twom, twomState, 'adjust-track', { track: 'Blizzard', by: 1 });
    expect(moved.scenario!.tracks.Blizzard).toBe(4);
    const drawn = act(twom, twomState, 'draw-event', {});
    expect(drawn.eventDeck.drawn).toEqual([result.eventDeck[0]]);
  });

  it('keeps the Epidemic deck the Setup shuffled and the EPIDEMIC token in the Events deck', () => {
    const { state } = setUp(twom, 'twom-tales.incident-setup', example, 'epidemic-seed');
    const twomState = state as TwomState;
    expect(twomState.scenario!.deck!.name).toBe('Epidemic deck');
    expect(twomState.scenario!.deck!.cards.length).toBeGreaterThan(0);
    expect(twomState.scenario!.tracks).toEqual({ Cold: 2, 'Vaccine tokens': 3 });
    expect(twomState.eventDeck.cards.filter((c) => c.kind === 'token')).toEqual([{ name: 'EPIDEMIC token', kind: 'token' }]);
    for (const character of Object.values(twomState.characters)) expect(character.levels.illness).toBe(1);
  });

  it('checks the input with the procedure’s own schema and rules', () => {
    const setup = twom.setups.find((s) => s.procedure.id === 'twom-tales.incident-setup')!;
    expect(() => runner.run(setup, { ...example, scenario: 'unknown' }, 's')).toThrow(RuleInputError);
    expect(() => runner.run(setup, { ...bloodInTheSnow, endingEvents: ['CEASEFIRE'] }, 's')).toThrow(expect.objectContaining({ field: 'endingEvents', rule: 'count' }));
  });
});

describe('a Zone Survival campaign from its setup', () => {
  const zs = campaignModelOf('stalker-zs')!;
  const example = WORKED_EXAMPLES['stalker-zs.setup'] as { scenarioId: string; stalkerCount: number };

  it('fills the Scenario, the Setup cards, the Event deck and the stream, with the checks and gaps the seed leaves', () => {
    const { state, resolution } = setUp(zs, 'stalker-zs.setup', example, 'zone-seed');
    const zsState = state as ZoneSurvivalState;
    // The same procedure on the content the rules subgraph binds gives the same result.
    const direct = runProcedure(zs.setups[0].procedure, example, { seed: 'zone-seed' }, zs.setups[0].procedure.bind!(library.itemsOfGame('stalker-zs')));
    expect(resolution).toEqual(direct);
    const result = direct.result as { setupCards: { card: { id: string } | null }[]; checks: string[]; gaps: unknown[]; eventDeck: unknown };
    expect(zsState).toMatchObject({
      scenarioId: example.scenarioId,
      stalkerCount: example.stalkerCount,
      mapId: null,
      stalkers: [],
      setupCards: result.setupCards.map((slot) => slot.card?.id ?? null),
      rngState: direct.rngState,
      setupChecks: result.checks,
      setupGaps: result.gaps,
    });
    expect(zsState.setupCards).toHaveLength(4);
    expect(zsState.eventDeck === null || typeof zsState.eventDeck!.size === 'number').toBe(true);
  });

  it('starts the game set up with start-scenario: same Scenario, as many Stalkers, the drawn Setup cards kept', () => {
    const { state } = setUp(zs, 'stalker-zs.setup', example, 'zone-seed');
    const zsState = state as ZoneSurvivalState;
    const stalkers = Array.from({ length: example.stalkerCount }, (_, i) => `Stalker ${i + 1}`);
    expect(rejectionOf(() => act(zs, zsState, 'advance-round', {}))).toMatchObject({ rule: 'no-scenario' });
    expect(rejectionOf(() => act(zs, zsState, 'start-scenario', { scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:1', stalkers }))).toMatchObject({
      code: 'CONFLICT',
      rule: 'set-up-scenario',
    });
    expect(rejectionOf(() => act(zs, zsState, 'start-scenario', { scenarioId: example.scenarioId, mapId: 'stalker-zs:map:1', stalkers: ['Stalker 1'] }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      rule: 'stalker-count',
      field: 'args.stalkers',
    });
    const started = act(zs, zsState, 'start-scenario', { scenarioId: example.scenarioId, mapId: 'stalker-zs:map:1', stalkers });
    expect(started).toMatchObject({ mapId: 'stalker-zs:map:1', stalkers, setupCards: zsState.setupCards });
    expect(act(zs, started, 'advance-round', {}).round).toBe(1);
    expect(rejectionOf(() => act(zs, started, 'start-scenario', { scenarioId: example.scenarioId, mapId: 'stalker-zs:map:1', stalkers }))).toMatchObject({ rule: 'scenario-in-play' });
  });
});
