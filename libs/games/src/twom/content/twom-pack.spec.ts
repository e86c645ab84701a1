import { GameContentLibrary, gameContentLibrary } from '@scriptbook/game-host';
import { CONTENT_KINDS, GameContentItem } from '@scriptbook/games';
import { ContentViews } from '@scriptbook/content/views/content-views';
import type { ItemView } from '@scriptbook/content/views/lookup';

function packItems(library: GameContentLibrary, packId: string): GameContentItem[] {
  const pack = library.packs.find((candidate) => candidate.manifest.id === packId);
  if (!pack) throw new Error(`pack ${packId} is not loaded`);
  return pack.itemIds.map((id) => library.get(id)!);
}

function countByKind(items: readonly GameContentItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
  return counts;
}

const gapCount = (items: readonly GameContentItem[]): number => items.reduce((sum, item) => sum + item.gaps.length, 0);

describe('This War of Mine content packs', () => {
  const library = gameContentLibrary();
  const core = packItems(library, 'twom-core');
  const tales = packItems(library, 'twom-tales');
  const tactics = packItems(library, 'twom-tactics');

  // Pinned so that an edit to a pack that adds, drops or re-kinds an item is a visible decision.
  it('pins the core pack (seed 001) by kind, with its gaps', () => {
    expect(countByKind(core)).toEqual({
      game: 1,
      module: 1,
      'rule-section': 10,
      'twom-setup': 1,
      'twom-phase': 7,
      'roll-table': 2,
      'twom-table': 3,
      'twom-test': 1,
      'twom-track': 1,
      'glossary-entry': 3,
      die: 1,
      deck: 10,
      'twom-component': 1,
    });
    expect(gapCount(core)).toBe(2);
  });

  it('pins the Tales from the Ruined City pack (seed 000) by kind, with its gaps', () => {
    expect(countByKind(tales)).toEqual({
      module: 1,
      'rule-section': 37,
      'twom-scenario': 5,
      'twom-card': 44,
      'twom-character': 3,
      'roll-table': 9,
      'twom-table': 4,
      'twom-test': 1,
      die: 1,
      deck: 10,
      'twom-track': 7,
      'twom-component': 25,
      'twom-envelope': 5,
      'twom-location': 3,
    });
    expect(gapCount(tales)).toBe(54);
  });

  it('pins the Tactics pack (seed 002) by kind, with its gaps', () => {
    expect(countByKind(tactics)).toEqual({
      module: 1,
      'rule-section': 18,
      'twom-map-side': 2,
      'roll-table': 2,
      'twom-test': 2,
      'twom-table': 2,
      deck: 2,
      'twom-component': 8,
    });
    expect(gapCount(tactics)).toBe(5);
  });

  it('keeps the published game and module ids', () => {
    expect(library.getOfKind('game', 'twom')?.name).toBe('This War of Mine: The Board Game');
    for (const id of ['twom:module:core', 'twom:module:tales-from-the-ruined-city', 'twom:module:tactics']) {
      expect(library.getOfKind('module', id)?.gameId).toBe('twom');
    }
  });

  it('takes every item of a pack from that pack’s seed', () => {
    for (const [items, seed] of [
      [core, '001'],
      [tales, '000'],
      [tactics, '002'],
    ] as const) {
      for (const item of items) expect({ id: item.id, seed: item.provenance.seed }).toEqual({ id: item.id, seed });
    }
  });

  it('resolves every internal link', () => {
    const dangling = [...core, ...tales, ...tactics].flatMap((item) =>
      CONTENT_KINDS.linksOf(item)
        .filter((to) => library.get(to) === undefined)
        .map((to) => `${item.id} -> ${to}`),
    );
    expect(dangling).toEqual([]);
  });

  describe('core game (001)', () => {
    it('reads the Black die as numbered 1 to 10', () => {
      expect(library.getOfKind('die', 'twom:die:black')).toMatchObject({ faces: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], facesSource: 'seed' });
    });

    it('builds the Event deck bottom first, with the three chapter cards', () => {
      const setup = library.getOfKind('twom-setup', 'twom:setup:core')!.setup;
      expect(setup.eventDeck.steps.map((step) => [step.action, step.count, step.chapter ?? null])).toEqual([
        ['shuffle-to-bottom', 3, null],
        ['place-on-top', 1, 'III'],
        ['draw-random-on-top', 4, null],
        ['place-on-top', 1, 'II'],
        ['draw-random-on-top', 3, null],
        ['place-on-top', 1, 'I'],
      ]);
      expect(setup.steps.map((step) => step.heading)).toEqual([
        'Determine the Leader',
        'Draw 3 Character Cards',
        'Place Cards on the Board',
        'Place Shelter Cards on the Board',
        'Build Event Deck',
        'Separate Tokens and Resources',
      ]);
      expect(setup.startingStock.items).toEqual([
        { quantity: 1, token: 'Lockpick' },
        { quantity: 1, token: 'Shovel' },
        { quantity: 4, token: 'Components' },
        { quantity: 4, token: 'Wood' },
        { quantity: 2, token: 'Water' },
        { quantity: 3, token: 'Raw Food' },
      ]);
      expect(setup.characters.draws).toEqual([
        { border: 'red', count: 1, names: [], characterIds: [] },
        { border: 'black', count: 2, names: [], characterIds: [] },
      ]);
    });

    it('orders the seven phases of a day and links each to its rule section', () => {
      const phases = [...library.ofKind('twom-phase')].sort((a, b) => a.order - b.order);
      expect(phases.map((phase) => phase.name)).toEqual(['Event', 'Daytime Actions', 'Dusk', 'Night', 'Scavenge', 'Night Raid', 'Dawn']);
      expect(library.getOfKind('rule-section', phases[2].ruleSectionId)?.headingPath).toEqual(['The Game Turn', '3. DUSK']);
    });

    it('reads the Dusk water roll as a table', () => {
      expect(library.getOfKind('roll-table', 'twom:roll-table:dusk-no-water')?.rows).toEqual([
        { min: 1, max: 5, outcome: 'increases Hunger by 1' },
        { min: 6, max: 10, outcome: 'increases Sadness by 1' },
      ]);
    });

    it('records where the seed text stops', () => {
      const alcohol = library.getOfKind('twom-table', 'twom:table:dawn-alcohol')!;
      expect(alcohol.rows.map((row) => [row.key, row.text])).toEqual([
        ['HOMEMADE SPIRITS', 'Choose a Character, increase their Tiredness by 2 and reduce their Sadness by 1.'],
        ['PURE ALCOHOL', null],
      ]);
      expect(alcohol.gaps).toHaveLength(1);
      expect(alcohol.gaps[0].kind).toBe('missing');
    });
  });

  describe('Tales from the Ruined City (000)', () => {
    it('gives Emira her printed statistics and abilities', () => {
      const emira = library.getOfKind('twom-character', 'twom:character:emira')!;
      expect([emira.prowess, emira.empathy, emira.inventory]).toEqual([0, 5, 3]);
      expect(emira.abilities[0]).toEqual({ name: 'Quite OK', text: 'Once per Scavenging, Emira may add 1 Vegetable to the Findings Pile.' });
      expect(emira.abilities).toHaveLength(4);
    });

    it('leaves the illegible statistics of Dina and Zoran empty and says why', () => {
      for (const id of ['twom:character:dina', 'twom:character:zoran']) {
        const character = library.getOfKind('twom-character', id)!;
        expect([character.prowess, character.empathy, character.inventory]).toEqual([null, null, null]);
        expect(character.gaps.map((gap) => [gap.kind, gap.field])).toEqual([
          ['illegible', 'prowess'],
          ['illegible', 'empathy'],
          ['illegible', 'inventory'],
        ]);
      }
    });

    it('reads the Cat card as a roll table on the Black die', () => {
      const table = library.getOfKind('roll-table', 'twom:roll-table:cat-daily-roll')!;
      expect(table.dieId).toBe('twom:die:black');
      expect(table.rows).toEqual([
        { min: 1, max: 4, outcome: 'the Cat wandered off. It will be back tomorrow.' },
        { min: 5, max: 7, outcome: "I've always liked cats... Lower the Misery of 1 chosen Character present by 1." },
        { min: 8, max: 10, outcome: 'the Cat has brought something. Add 1 Raw Food to the Storage.' },
      ]);
    });

    it('keeps the two printed wordings of the Sewers exit roll', () => {
      const outcomes = (id: string) => library.getOfKind('roll-table', id)!.rows.map((row) => row.outcome);
      expect(outcomes('twom:roll-table:sewers-exit')).toEqual(['Near Location', 'Distant Location', 'Far Location']);
      expect(outcomes('twom:roll-table:sewers-starting-zone-exit')).toEqual(['Close Location', 'Distant Location', 'Far Location']);
    });

    it('transcribes five of the seven Desperate Measures cards and says the rest are illegible', () => {
      const cards = library.ofKind('twom-card').filter((card) => card.deckId === 'twom:deck:desperate-measures');
      expect(cards.map((card) => card.name)).toEqual(['Hidden Stash', 'Wait a Minute!', 'Stuff of Nightmares', 'Jokes and Hopes', 'Through the Window!']);
      const deck = library.getOfKind('deck', 'twom:deck:desperate-measures')!;
      expect(deck.cardCount).toBe(7);
      expect(deck.gaps[0].kind).toBe('illegible');
      expect(library.getOfKind('twom-card', 'twom:card:desperate-measures:jokes-and-hopes')?.text).toBe(
        "Sometimes when things are really rough, a joke comes to mind and it just gets to the bottom of things. It is like a flashback of normalcy... Roll the Black die and compare the result with the Empathy of each Character present. A result that is equal to or lower than a Character's Empathy = lower their Misery by 2. A result that is greater than a Character's Empathy = raise their Misery by 1. After using this card, remove it from the game.",
      );
    });

    it('has the five Incidents with their setups', () => {
      expect(library.ofKind('twom-scenario').map((scenario) => scenario.id)).toEqual([
        'twom:scenario:blood-in-the-snow',
        'twom:scenario:refugees',
        'twom:scenario:epidemic',
        'twom:scenario:side-by-side',
        'twom:scenario:you-and-me',
      ]);
    });

    it('sets up Blood in the Snow step by step', () => {
      const scenario = library.getOfKind('twom-scenario', 'twom:scenario:blood-in-the-snow')!;
      const { setup } = scenario;
      expect(setup.steps.map((step) => step.heading)).toEqual([
        'Setup changes',
        'Construct the Events deck',
        'Starting Cold',
        'Draw 3 Characters',
        'Starting Fittings',
        'Starting stuff',
        'Scenario special cards',
        'Scenario special tokens',
        'List of additional Blood in the Snow scenario items',
      ]);
      expect(setup.eventDeck).toEqual({
        setAside: ['HARSH WINTER'],
        steps: [
          { order: 1, action: 'shuffle-to-bottom', count: 3, card: 'ENDING EVENT', text: 'Shuffle 3 ENDING EVENT cards – this will be the bottom of the deck.' },
          { order: 2, action: 'draw-random-on-top', count: 3, text: 'Randomly draw 3 EVENT cards and stack them on top of the deck.' },
        ],
      });
      expect(setup.startingCold).toEqual({
        coldTokens: 4,
        extraCards: ['HARSH WINTER'],
        text: 'Starting Cold: Place 4 COLD tokens on the Cold space. Additionally, place the HARSH WINTER card on the Cold space.',
      });
      expect(setup.characters.draws.map((draw) => [draw.border, draw.count])).toEqual([
        ['red', 2],
        ['black', 1],
      ]);
      expect(setup.startingStates).toEqual([{ token: 'MISERY', level: 2, target: 'each Character' }]);
      expect(setup.deckChanges.find((change) => change.action === 'remove-cards')?.cards).toEqual([
        'STARVING NEIGHBORS',
        'PLEASE HELP US!',
        'DOCTOR',
        'BEGGARS',
      ]);
      expect(scenario.defeatConditions).toEqual(['If you do not manage to accomplish this Objective, you lose the game.']);
      expect(scenario.envelopeId).toBeNull();
      expect(scenario.gaps.map((gap) => gap.field)).toEqual(['victoryConditions', 'envelopeId']);
    });

    it('starts You and Me with the two special Characters', () => {
      const { setup } = library.getOfKind('twom-scenario', 'twom:scenario:you-and-me')!;
      expect(setup.characters.draws).toEqual([
        { border: 'special', count: 2, names: ['DINA', 'ZORAN'], characterIds: ['twom:character:dina', 'twom:character:zoran'] },
      ]);
      expect(setup.startingCold).toBeNull();
      expect(setup.eventDeck.steps[0]).toMatchObject({ action: 'find-and-place-at-bottom', card: 'CEASEFIRE', removeRemaining: 2 });
    });

    it('reads the scenario tracks and their starting spaces', () => {
      const start = (id: string) => library.getOfKind('twom-track', id)?.start;
      expect(start('twom:track:blood-in-the-snow:blizzard')).toBe(3);
      expect(start('twom:track:refugees:cover')).toBe(4);
      expect(start('twom:track:refugees:condition')).toBe(3);
      expect(library.getOfKind('twom-track', 'twom:track:blood-in-the-snow:luka-condition')?.positions).toEqual([
        'Heavily Wounded',
        'Critical Condition',
        'Dead',
      ]);
    });

    it('points at books the seeds do not contain as external references', () => {
      expect(library.getOfKind('twom-card', 'twom:card:farmers:desperate-people-residents')?.externalRefs).toEqual([
        { book: 'Journal', ref: 'COMBAT sheet' },
        { book: 'Book of Scripts', ref: '355' },
        { book: 'Book of Scripts', ref: '880' },
        { book: 'Book of Scripts', ref: '33' },
      ]);
    });

    it('has the five envelopes, their contents not given', () => {
      const envelopes = library.ofKind('twom-envelope');
      expect(envelopes.map((envelope) => envelope.letter)).toEqual(['A', 'B', 'C', 'D', 'E']);
      for (const envelope of envelopes) expect(envelope.gaps.map((gap) => gap.field)).toEqual(['contents', 'scenarioId']);
    });
  });

  describe('Tactics (002)', () => {
    it('chooses the map side by Location size', () => {
      expect(library.ofKind('twom-map-side').map((side) => [side.side, side.locationSizes])).toEqual([
        ['A', ['medium', 'large']],
        ['B', ['small']],
      ]);
    });

    it('reads the Hide test against a target that moves', () => {
      expect(library.getOfKind('twom-test', 'twom:test:tactics-hide')).toMatchObject({
        dieId: 'twom:die:black',
        ifAtMost: 'an Enemy did not spot you. Mark the Enemy 2 spaces away.',
        ifHigher: 'an Enemy has spotted you and Combat begins.',
      });
    });

    it('reads the Alarm roll as a table', () => {
      expect(library.getOfKind('roll-table', 'twom:roll-table:tactics-alarm')?.rows).toEqual([
        { min: 1, max: 5, outcome: 'activate the Alarm card.' },
      ]);
    });
  });
});

describe('This War of Mine content as the graph serves it', () => {
  const library = gameContentLibrary();
  const views = new ContentViews(library, CONTENT_KINDS);

  it('maps an Incident onto the shared setup steps and serves its cards', () => {
    const refugees = views.get('twom:scenario:refugees')!;
    const source = library.getOfKind('twom-scenario', refugees.id)!;
    expect((refugees.setupSteps as unknown[]).length).toBe(source.setup.steps.length);
    expect(refugees.summary).toBe(source.overview);
    expect((refugees.cards as ItemView[]).map((card) => card.id)).toEqual(source.cardIds);
    const fields = (refugees.segmentedTexts as { field: string }[]).map((printed) => printed.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'narrative', 'setup.steps.0.heading']));
  });

  it('serves table values as key and value pairs, in the order the pack gives them', () => {
    const tables = views.ofKinds(['twom-table']);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const source = library.getOfKind('twom-table', table.id)!;
      (table.rows as { values: { key: string; value: unknown }[] }[]).forEach((row, index) => {
        expect(row.values).toEqual(Object.entries(source.rows[index].values).map(([key, value]) => ({ key, value })));
      });
    }
  });

  it('lists a game\'s characters and tracks on the game, the fields these kinds contribute to Game', () => {
    const twom = views.get('twom')!;
    expect((twom.characters as ItemView[]).map((character) => character.id)).toEqual(views.ofKinds(['twom-character'], 'twom').map((c) => c.id));
    expect((twom.characters as unknown[]).length).toBeGreaterThan(0);
    expect((twom.tracks as unknown[]).length).toBeGreaterThan(0);
  });
});
