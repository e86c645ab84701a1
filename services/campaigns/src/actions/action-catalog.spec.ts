import { applyAction } from '@scriptbook/campaign-model';
import { ActionRejection } from '@scriptbook/campaign-model';
import { runProcedure } from '@scriptbook/rules-engine';
import { CampaignModel, actionOf } from '@scriptbook/campaign-model';
import { CAMPAIGN_GAME_IDS, campaignModelOf } from '@scriptbook/games';

const newState = (gameId: string) => campaignModelOf(gameId)!.initial('catalog-seed', null).state;

/** A new campaign from the system's first setup, which needs no content from the packs for these games. */
const setUp = (system: CampaignModel, seed: string, input: unknown) =>
  system.initial(seed, { setup: system.setups[0], resolution: runProcedure(system.setups[0].procedure, input, { seed }, undefined) });

describe.each(CAMPAIGN_GAME_IDS)('the %s action catalog', (gameId) => {
  const system = campaignModelOf(gameId)!;

  it.each(system.actions.map((a) => [a.name, a] as const))('runs the example of %s on a new campaign', (_name, action) => {
    let state = newState(gameId);
    for (const before of action.exampleAfter ?? []) {
      state = applyAction(system.stateSchema, actionOf(system, before)!, state, actionOf(system, before)!.example).state;
    }
    const result = applyAction(system.stateSchema, action, state, action.example);
    expect(result.delta.length).toBeGreaterThan(0);
    expect(result.state).not.toEqual(state);
  });

  it('rejects args that break the schema, naming the field, and leaves the state as it was', () => {
    const state = newState(gameId);
    const copy = JSON.parse(JSON.stringify(state));
    for (const action of system.actions) {
      let rejection: unknown;
      try {
        applyAction(system.stateSchema, action, state, { ...(action.example as object), unexpected: 1 });
      } catch (error) {
        rejection = error;
      }
      expect(rejection).toBeInstanceOf(ActionRejection);
      expect((rejection as ActionRejection).code).toBe('BAD_USER_INPUT');
    }
    expect(state).toEqual(copy);
  });
});

describe('rules the state enforces', () => {
  const twom = campaignModelOf('twom')!;
  const act = (state: unknown, name: string, args: unknown) => applyAction(twom.stateSchema, actionOf(twom, name)!, state, args).state;
  const rejectionOf = (state: unknown, name: string, args: unknown) => {
    try {
      act(state, name, args);
    } catch (error) {
      return error as ActionRejection;
    }
    throw new Error(`${name} was accepted`);
  };

  it('keeps a level at 0 or more, and storage never below zero', () => {
    const state = act(act(newState('twom'), 'add-character', { character: 'Emira' }), 'add-resource', { resource: 'Water', amount: 1 });
    expect(rejectionOf(state, 'adjust-level', { character: 'Emira', level: 'misery', by: -1 })).toMatchObject({ code: 'CONFLICT', rule: 'state-rule', field: 'state.characters.Emira.levels.misery' });
    expect(rejectionOf(state, 'spend-resource', { resource: 'Water', amount: 2 })).toMatchObject({ code: 'CONFLICT', rule: 'storage-below-zero' });
    expect(rejectionOf(state, 'build-fitting', { fitting: 'Bed', cost: { Wood: 1 } })).toMatchObject({ rule: 'storage-below-zero', field: 'args.cost.Wood' });
    expect(rejectionOf(state, 'adjust-level', { character: 'Marko', level: 'hunger', by: 1 })).toMatchObject({ code: 'NOT_FOUND', field: 'args.character' });
  });

  it('builds the Event deck through the engine, continuing the campaign’s stream, and draws from the top', () => {
    const example = actionOf(twom, 'build-event-deck')!.example;
    const start = newState('twom') as { eventDeck: { rngState: unknown } };
    const built = act(start, 'build-event-deck', example) as { eventDeck: { cards: { name: string; kind: string }[]; rngState: unknown } };
    expect(built.eventDeck.cards).toHaveLength(13);
    expect(built.eventDeck.cards[0]).toEqual({ name: 'Chapter I', kind: 'chapter' });
    expect(built.eventDeck.rngState).not.toEqual(start.eventDeck.rngState);
    // Same stream, same deck: every device that replays the action gets the same cards.
    expect(act(start, 'build-event-deck', example)).toEqual(built);
    const drawn = act(built, 'draw-event', {}) as { chapter: string; eventDeck: { cards: unknown[]; drawn: unknown[] } };
    expect(drawn.chapter).toBe('I');
    expect(drawn.eventDeck.cards).toHaveLength(12);
    expect(rejectionOf(built, 'build-event-deck', example)).toMatchObject({ rule: 'deck-not-empty' });
    expect(rejectionOf(start, 'draw-event', {})).toMatchObject({ rule: 'deck-empty' });
  });

  it('starts a campaign from the engine’s setup: starting Hunger 2 and the printed Stockpile', () => {
    const setup = {
      players: ['Ana', 'Ben'],
      characterDeck: [
        { name: 'Red One', border: 'red' },
        { name: 'Black One', border: 'black' },
        { name: 'Black Two', border: 'black' },
      ],
      locationsDeck: ['L1', 'L2', 'L3'],
    };
    const initial = setUp(twom, 'seed-1', setup);
    const state = initial.state as { characters: Record<string, { levels: { hunger: number } }>; storage: Record<string, number> };
    expect(Object.values(state.characters).map((c) => c.levels.hunger)).toEqual([2, 2, 2]);
    expect(state.storage).toEqual({ Lockpick: 1, Shovel: 1, Components: 4, Wood: 4, Water: 2, 'Raw Food': 3 });
    expect(initial.setupTranscript!.length).toBeGreaterThan(0);
    expect(setUp(twom, 'seed-1', setup)).toEqual(initial);
  });

  it('starts a Hope Inhumanity game from the engine’s setup, with any number of players', () => {
    const hope = campaignModelOf('hope-inhumanity')!;
    const setup = { players: ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay', 'Gus'], humanityDice: 3, hopeDice: 4, scenes: [{ name: 'Scene A', terrain: 'Ruins' }] };
    const initial = setUp(hope, 'seed-2', setup);
    expect(initial.state).toEqual({
      players: Object.fromEntries(setup.players.map((name) => [name, { humanity: 3 }])),
      hopePool: 4,
      conditions: [],
      round: 1,
      notes: [],
    });
    expect(initial.setupTranscript!.length).toBeGreaterThan(0);
    const state = applyAction(hope.stateSchema, actionOf(hope, 'adjust-hope')!, initial.state, { by: -4 }).state;
    expect(() => applyAction(hope.stateSchema, actionOf(hope, 'adjust-hope')!, state, { by: -1 })).toThrow(ActionRejection);
  });
});
