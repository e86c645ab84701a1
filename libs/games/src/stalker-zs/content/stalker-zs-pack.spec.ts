import { gameContentLibrary } from '@scriptbook/game-host';
import { enemiesByStalkerCount, zsCardTexts } from './stalker-zs.kinds';
import { CONTENT_KINDS, GameContentItem } from '@scriptbook/games';
import { ContentViews } from '@scriptbook/content/views/content-views';
import type { ItemView } from '@scriptbook/content/views/lookup';

describe('the stalker-zs pack (seed 004, Zone Survival)', () => {
  const library = gameContentLibrary();
  const pack = library.packs.find((candidate) => candidate.manifest.id === 'stalker-zs')!;
  const items: GameContentItem[] = pack.itemIds.map((id) => library.get(id)!);
  const script = (n: number) => library.getOfKind('zs-script', `stalker-zs:script:${String(n).padStart(3, '0')}`)!;

  it('is released as 1.3.0 from seed 004', () => {
    // 1.1.0 added the cards the scoring examples name; 1.1.1 took a transcription remark out of Recon in Force's printed notes;
    // 1.2.0 added the cards the Scripts name, by name only; 1.3.0 linked the Scripts that print a held card's name to it.
    expect(pack.manifest.version).toBe('1.3.0');
    expect(pack.manifest.seed).toBe('004');
    for (const item of items) expect(item.provenance.seed).toBe('004');
  });

  it('holds every kind of content the seed gives, in pinned numbers', () => {
    const counts: Record<string, number> = {};
    for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    expect(counts).toEqual({
      game: 1,
      'zs-component': 8,
      'zs-token': 48,
      'rule-section': 26,
      'zs-help-card': 1,
      'zs-event-tag': 6,
      die: 2,
      deck: 5,
      'zs-scoring': 1,
      'zs-card': 50,
      'zs-scenario': 10,
      'zs-map': 10,
      'zs-script': 206,
      'glossary-entry': 4,
    });
  });

  it('records every part the seed leaves out as a gap', () => {
    const gaps = items.flatMap((item) => item.gaps.map((gap) => ({ id: item.id, ...gap })));
    // 63 gaps the seed states, plus the unknown tags of the 12 cards it names without printing them,
    // plus type, text and tags of the 4 cards its scoring examples name,
    // plus type, text, tags and score modifier of the 20 cards only its Scripts name.
    expect(gaps).toHaveLength(167);
    expect(gaps.filter((gap) => gap.kind === 'illegible').map((gap) => gap.id)).toEqual([
      'stalker-zs:token:sniper-field',
      'stalker-zs:script:298',
    ]);
    expect(library.getOfKind('die', 'stalker-zs:die:zone-survival')).toMatchObject({ faces: null, facesSource: 'unknown' });
  });

  it('keeps script text verbatim with die-face links', () => {
    const chest = script(42);
    expect(chest.text).toBe(
      'A carefully opened chest reveals an assortment of treasures. Discard any number of [shovel icon]. Then, discard this Chest token and roll the [die icon]:\n\n' +
        '• [blue circle icon] – See Script 121.\n' +
        '• [yellow icon] – See Script 099.\n' +
        '• [purple icon] – Suffer 10 [Damage icon] (you may roll for Defense). During the Defense roll, you may roll additional [green die icon] equal to the number of [shovel icon] discarded before the [die icon] roll. Gain 1 Artifact, 1 Weapon, 1 Item, and 2000 K.\n' +
        '• [red cross icon] – Suffer 10 [Damage icon] (you may roll for Defense). During the Defense roll, you may roll additional [green die icon] equal to the number of [shovel icon] discarded before the [die icon] roll. Gain 1 Artifact, 2 Items, and 1000 K.',
    );
    expect(chest.links).toEqual([
      { type: 'die-face', face: '[blue circle icon]', faceId: 'stalker-zs:icon:blue-circle', target: 'stalker-zs:script:121' },
      { type: 'die-face', face: '[yellow icon]', faceId: 'stalker-zs:icon:yellow', target: 'stalker-zs:script:099' },
    ]);
    expect(script(184).links).toEqual([
      { type: 'die-face', face: '[yellow icon]', faceId: 'stalker-zs:icon:yellow', target: 'stalker-zs:script:198' },
      { type: 'die-face', face: '[purple icon]', faceId: 'stalker-zs:icon:purple', target: 'stalker-zs:script:198' },
      { type: 'die-face', face: '[red cross icon]', faceId: 'stalker-zs:icon:red-cross', target: 'stalker-zs:script:385' },
    ]);
  });

  it('types choices and plain references', () => {
    expect(script(5).links).toEqual([
      { type: 'choice', label: 'Shoot in this direction', target: 'stalker-zs:script:284' },
      { type: 'choice', label: 'Throw something in this direction', target: 'stalker-zs:script:133' },
      { type: 'choice', label: 'Try to escape', target: 'stalker-zs:script:089' },
      { type: 'choice', label: 'Just wait', target: 'stalker-zs:script:320' },
    ]);
    expect(script(89).text).toBe(
      'Roll the [die icon]: If you rolled the same number or more of [skull icon] than you sacrificed HP to escape, you failed – see Script 320. Otherwise – see Script 242.',
    );
    expect(script(89).links).toEqual([
      { type: 'see', target: 'stalker-zs:script:320' },
      { type: 'see', target: 'stalker-zs:script:242' },
    ]);
    expect(script(398).text).toBe('Radiation! Increase your Radiation dosage by 4 (modified by your Armor\'s Map Radiation).');
    expect(script(398).provenance.section).toBe('Scripts 373–398');
  });

  it('keeps the transcriber\'s remarks out of the script text', () => {
    const hallucination = script(298);
    expect(hallucination.text).not.toContain('scan');
    expect(hallucination.gaps).toEqual([expect.objectContaining({ kind: 'illegible', field: 'text' })]);
    expect(script(360).transcriptionNotes).toHaveLength(1);
  });

  it('resolves every script link to a script in the book', () => {
    const scripts = library.ofKind('zs-script');
    const targets = scripts.flatMap((entry) =>
      entry.links.flatMap((link) => (link.type === 'see' || link.type === 'die-face' || link.type === 'choice' ? [link.target] : [])),
    );
    expect(targets).toHaveLength(102);
    for (const target of targets) expect(library.getOfKind('zs-script', target)).toBeDefined();
  });

  it('has no scripts 206 or 263: the scriptbook numbering simply skips them', () => {
    expect(library.get('stalker-zs:script:206')).toBeUndefined();
    expect(library.get('stalker-zs:script:263')).toBeUndefined();
    expect(script(205).number).toBe(205);
    expect(script(207).provenance.section).toBe('Scripts 207–262');
    expect(script(264).provenance.section).toBe('Scripts 264–318');
  });

  it('gives a scenario its enemy table by Stalker count', () => {
    const bossHunt = library.getOfKind('zs-scenario', 'stalker-zs:scenario:boss-hunt')!;
    expect(bossHunt.scenarioType).toBe('Hunt');
    expect(bossHunt.specialCardIds).toEqual(['stalker-zs:card:special:exit', 'stalker-zs:card:special:spawn-points']);
    expect(bossHunt.unknownTokens).toMatchObject({ stacks: 2, tokensPerStack: 8 });
    const table = bossHunt.enemies!.byStalkerCount;
    const summary = Object.fromEntries(
      Object.entries(table).map(([stalkers, groups]) => [stalkers, groups!.map((group) => [group.count, ...group.teamTokens])]),
    );
    expect(summary).toEqual({
      '1': [[1, '[green 1 team token]'], [1, '[red 1 team token]'], [3, '[yellow 1 team token]']],
      '2': [[1, '[green 1 team token]'], [1, '[red 1 team token]'], [4, '[blue 1 team token]']],
      '3': [[1, '[green 1 team token]'], [2, '[yellow 1 team token]'], [5, '[blue 1 team token]']],
      '4': [[1, '[green 1 team token]'], [2, '[yellow 1 team token]'], [6, '[blue 1 team token]', '[red 1 team token]']],
    });
    expect(bossHunt.enemies!.bossStartsInBossSlot).toBe(true);
    expect(bossHunt.gaps.map((gap) => gap.field)).toEqual(['loot', 'eventDeck', 'funds', 'stalkerEntrance']);
  });

  it('keeps the formulas the scenarios print', () => {
    const recon = library.getOfKind('zs-scenario', 'stalker-zs:scenario:recon-in-force')!;
    expect(recon.eventDeck!.formula).toMatchObject({ base: 11, perStalker: -1 });
    const gather = library.getOfKind('zs-scenario', 'stalker-zs:scenario:gather-supplies')!;
    expect(gather.valueTarget).toMatchObject({ base: 12000, perStalker: 3000 });
    const surrounded = library.getOfKind('zs-scenario', 'stalker-zs:scenario:surrounded')!;
    expect(Object.keys(surrounded.enemies!.byStalkerCount)).toEqual(['1']);
    expect(surrounded.gaps[0]).toMatchObject({ kind: 'missing', field: 'enemies.byStalkerCount' });
  });

  it('gives a card its tags, score modifiers and fate triggers by face', () => {
    const thicket = library.getOfKind('zs-card', 'stalker-zs:card:setup:mysterious-thicket')!;
    expect(thicket.tags).toEqual(['Enviro', 'Request']);
    expect(thicket.scoreModifier).toEqual({ plus: 0, minus: 1, basis: 'printed', reasoning: null });
    expect(thicket.fateTriggers!.byFace.map((trigger) => trigger.faces)).toEqual([
      ['[blue circle icon]', '[yellow item icon]', '[red cross icon]'],
      ['[purple icon]'],
    ]);
    const criticalShot = library.getOfKind('zs-card', 'stalker-zs:card:event:critical-shot')!;
    expect(criticalShot.tags).toEqual(['Ace in the Hole']);
    expect(criticalShot.scoreModifier).toEqual({ plus: 2, minus: 0, basis: 'printed', reasoning: null });
    const camp = library.getOfKind('zs-card', 'stalker-zs:card:setup:abandoned-stalker-camp')!;
    expect(camp.links).toEqual([{ type: 'see', target: 'stalker-zs:script:376' }]);
    // Its header prints no modifier, so the zero is a reading, and says so.
    expect(camp.scoreModifier).toMatchObject({ plus: 0, minus: 0, basis: 'inferred' });
    const flooded = library.getOfKind('zs-card', 'stalker-zs:card:setup:flooded-room')!;
    expect(flooded).toMatchObject({ tags: [], tagsKnown: false });
  });

  it('knows the modifier of every card the scoring examples name, with the rest of the card as gaps', () => {
    // "Examples of score modifiers on Setup and Event cards: The Wall Collapsed, Workshop (one [blue plus icon]),
    // Psionic Attack (two [red minus icon]s), Scattered Artifacts (two [blue plus icon]s)."
    const named = (slug: string) => library.getOfKind('zs-card', `stalker-zs:card:${slug}`)!;
    expect(named('workshop').scoreModifier).toEqual({ plus: 1, minus: 0, basis: 'printed', reasoning: null });
    expect(named('psionic-attack').scoreModifier).toEqual({ plus: 0, minus: 2, basis: 'printed', reasoning: null });
    expect(named('scattered-artifacts').scoreModifier).toEqual({ plus: 2, minus: 0, basis: 'printed', reasoning: null });
    // The count follows "The Wall Collapsed, Workshop" together: a reading, and it says so.
    expect(named('the-wall-collapsed').scoreModifier).toMatchObject({ plus: 1, minus: 0, basis: 'inferred' });
    for (const slug of ['the-wall-collapsed', 'workshop', 'psionic-attack', 'scattered-artifacts']) {
      const card = named(slug);
      expect(card).toMatchObject({ cardType: null, deckId: null, cardTypeOneOf: ['setup', 'event'], tagsKnown: false, rules: [] });
      expect(card.gaps.map((gap) => gap.field)).toEqual(['cardType', 'text', 'tags']);
      expect(card.aliases).toEqual([`stalker-zs:card:setup:${slug}`, `stalker-zs:card:event:${slug}`]);
      for (const alias of card.aliases) expect(library.resolveId(alias)).toBe(card.id);
    }
    const examples = library.getOfKind('zs-scoring', 'stalker-zs:scoring:victory')!.examples;
    for (const example of examples) {
      for (const name of example.cardNames) {
        expect(library.ofKind('zs-card').find((card) => card.name === name)!.scoreModifier).toMatchObject(example.scoreModifier);
      }
    }
  });

  describe('cards only the Scripts name', () => {
    const nameOnly = [
      ...['Request for Help', 'Safe', 'Silo', 'Stunner', 'Selected Target', 'Sickness', 'Support Fire', 'Strange Device', 'Valuable Device', 'Plastic Explosive'],
      ...['Armory', 'Ammunition Storage', 'Warehouse', 'Dark Entrance'],
    ];
    const characters = ['Kalyna', 'Goga', 'Antin', 'Volodia', 'Pavlo', 'Mr. Rat'];
    const byName = (name: string) => library.ofKind('zs-card').find((card) => card.name === name);
    /** "Discard the Safe token and card", "the Kalyna standee and card", "the Workshop card": a card named where a Script tells the table what to do with it. */
    const CARD_NAMED = /\b(?:the|Discard) ((?:[A-Z][\w.'’-]*|\d[\w-]*)(?: (?:[A-Z][\w.'’-]*|\d[\w-]*|\/))*) (?:token and |standee and |tokens and )?card\b/g;
    // Named so, but not Zone Survival cards the catalogue could hold: the core game's Enemy and Weapon cards, and a pair of names.
    const notZoneSurvivalCards: Record<string, string> = {
      Enemy: 'an Enemy card of the core game',
      'Zombie Enemy': 'an Enemy card of the core game',
      'Gauss Gun Weapon': 'a Weapon card (Script 386: "Gain the Gauss Gun Weapon card"), of no Zone Survival deck',
      'Armory / Ammunition Storage': 'two names, each a card of its own',
    };

    it('holds every card a Script names, by name or under a reason', () => {
      const missing = library
        .ofKind('zs-script')
        .flatMap((s) => [...s.text.matchAll(CARD_NAMED)].map((match) => ({ script: s.number, name: match[1] })))
        .filter(({ name }) => !(name in notZoneSurvivalCards) && !library.ofKind('zs-card').some((card) => card.name.toLowerCase() === name.toLowerCase()));
      expect(missing).toEqual([]);
    });

    it('knows each by name only: no deck, text, tags or modifier invented, each a gap', () => {
      for (const name of [...nameOnly, ...characters]) {
        const card = byName(name)!;
        const types = characters.includes(name) ? ['character'] : ['setup', 'event'];
        expect({ name, card }).toMatchObject({
          name,
          card: { cardType: null, deckId: null, cardTypeOneOf: types, tags: [], tagsKnown: false, scoreModifier: null, setup: [], request: null, story: null, rules: [], actions: [], fateTriggers: null },
        });
        expect(zsCardTexts(card)).toEqual([]);
        expect(card.id.split(':')).toHaveLength(3);
        expect(card.gaps.map((gap) => [gap.kind, gap.field])).toEqual([
          ['not-given', 'cardType'],
          ['not-given', 'text'],
          ['not-given', 'tags'],
          ['not-given', 'scoreModifier'],
        ]);
        for (const alias of card.aliases) expect(library.resolveId(alias)).toBe(card.id);
      }
      expect(byName('Mr. Rat')!.aliases).toEqual(['stalker-zs:card:characters:mr-rat']);
      expect(byName('Request for Help')!.aliases).toEqual(['stalker-zs:card:setup:request-for-help', 'stalker-zs:card:event:request-for-help']);
    });

    it('is linked from every Script that prints its name', () => {
      for (const name of [...nameOnly, ...characters]) {
        const card = byName(name)!;
        const printed = new RegExp(`(?<![A-Za-z])${name.replace('.', '\\.')}(?![A-Za-z])`);
        const naming = library.ofKind('zs-script').filter((s) => printed.test(s.text));
        expect({ name, naming: naming.length > 0 }).toEqual({ name, naming: true });
        for (const s of naming) expect({ script: s.number, linked: s.links.some((link) => link.type === 'card' && link.target === card.id) }).toEqual({ script: s.number, linked: true });
      }
      // The Scripts that name the thing in lower case ("The stunner emits strange, warbling sounds") link it too.
      expect(script(175).links).toContainEqual({ type: 'card', target: 'stalker-zs:card:stunner' });
    });
  });

  describe('every card the catalogue holds', () => {
    const escaped = (name: string) => name.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
    /**
     * Scripts that print a held card's name where it is not that card, by card name and Script number.
     * The check matches the name as printed, in its case: Script 131's "HEAVY MACHINE GUN" titles a Weapon profile the
     * seed does not tie to the Heavy Machine Gun card, and "piles of rubble" is scenery, not the Rubble card.
     */
    const notThatCard: Record<string, Record<number, string>> = {
      Fire: {
        131: 'the Heavy Machine Gun profile\'s "Burst Fire", a Weapon stat',
        318: 'the Defective HMG profile\'s "Burst Fire", a Weapon stat',
        261: '"Discard the Support Fire card", a card of its own',
      },
    };

    it('is linked from every Script that prints its name, or the Script is listed with a reason', () => {
      const unlinked = library.ofKind('zs-card').flatMap((card) => {
        const printed = new RegExp(`(?<![A-Za-z])${escaped(card.name)}(?![A-Za-z])`);
        return library
          .ofKind('zs-script')
          .filter((s) => printed.test(s.text) && !(s.number in (notThatCard[card.name] ?? {})))
          .filter((s) => !s.links.some((link) => link.type === 'card' && link.target === card.id))
          .map((s) => ({ card: card.name, script: s.number }));
      });
      expect(unlinked).toEqual([]);
    });

    it('lists only Scripts that do print the name', () => {
      for (const [name, scripts] of Object.entries(notThatCard)) {
        const card = library.ofKind('zs-card').find((c) => c.name === name)!;
        for (const n of Object.keys(scripts)) {
          expect({ name, script: n, printed: script(Number(n)).text.includes(name) }).toEqual({ name, script: n, printed: true });
          expect(script(Number(n)).links.some((link) => link.type === 'card' && link.target === card.id)).toBe(false);
        }
      }
    });

    it('links the Scripts that print these names (Workshop, Mrs. Vulture, Lifter, Armored Gate, Locked Door, Flooded Room, Mysterious Cave, Radioactive Tunnel)', () => {
      const links: [number, string][] = [
        [52, 'stalker-zs:card:workshop'],
        [224, 'stalker-zs:card:workshop'],
        [224, 'stalker-zs:card:special:armored-gate'],
        [224, 'stalker-zs:card:special:locked-door'],
        [266, 'stalker-zs:card:special:armored-gate'],
        [266, 'stalker-zs:card:special:locked-door'],
        [25, 'stalker-zs:card:characters:mrs-vulture'],
        [237, 'stalker-zs:card:characters:mrs-vulture'],
        [370, 'stalker-zs:card:characters:mrs-vulture'],
        [91, 'stalker-zs:card:characters:lifter'],
        [6, 'stalker-zs:card:setup:flooded-room'],
        [332, 'stalker-zs:card:setup:flooded-room'],
        [328, 'stalker-zs:card:setup:mysterious-cave'],
        [196, 'stalker-zs:card:setup:radioactive-tunnel'],
      ];
      for (const [n, target] of links) expect({ script: n, links: script(n).links }).toMatchObject({ script: n, links: expect.arrayContaining([{ type: 'card', target }]) });
      // "piles of rubble" and the like are the scenery, not the Rubble card, and the name is printed only in lower case there.
      for (const n of [147, 277, 343, 388]) expect(script(n).links.some((link) => link.type === 'card' && link.target === 'stalker-zs:card:special:rubble')).toBe(false);
    });
  });

  it('scores a victory as the seed says', () => {
    expect(library.getOfKind('zs-scoring', 'stalker-zs:scoring:victory')).toMatchObject({
      victoryPoints: 20,
      pointsPerMinusIcon: 1,
      pointsPerPlusIcon: -1,
      scenarioBonuses: [{ scenarioId: 'stalker-zs:scenario:gather-supplies', points: 1, perValueK: 1000 }],
    });
  });

  it('points maps at the map booklet, not at ids', () => {
    const maps = library.ofKind('zs-map');
    expect(maps.map((map) => map.name)).toEqual([
      'Agroprom Labs',
      'Wetlands Encampment',
      'Overgrown Warehouse',
      'Guardpost Enclave',
      'Urban Precinct',
      'Prypiat Outskirts',
      'Meadow Village',
      'The Research Site',
      'Rostock Barrack Grounds',
      'Red Forest Chapel',
    ]);
    for (const map of maps) expect(map.layout.type).toBe('external');
  });
});

describe('the stalker-zs pack as the graph serves it', () => {
  const library = gameContentLibrary();
  const views = new ContentViews(library, CONTENT_KINDS);
  const view = (id: string) => views.get(id)!;
  type Segment = { kind: string; text: string; iconId: string | null; targetId: string | null; target: ItemView | null; icon: { id: string } | null };
  const joined = (segments: Segment[]) => segments.map((segment) => segment.text).join('');

  it('lists enemies by stalker count in order, whatever the key order', () => {
    expect(enemiesByStalkerCount({ '3': ['c'], '1': ['a'] })).toEqual([
      { stalkers: 1, groups: ['a'] },
      { stalkers: 3, groups: ['c'] },
    ]);
  });

  it('maps a scenario onto the shared setup steps, special rules and conditions', () => {
    const elimination = view('stalker-zs:scenario:elimination');
    const source = library.getOfKind('zs-scenario', elimination.id)!;
    expect(elimination.summary).toBe(source.intro);
    expect(elimination.setupSteps).toEqual(source.steps.map((step) => expect.objectContaining({ order: step.step, title: step.title, lines: step.text })));
    expect(elimination.specialRules).toEqual(source.specialRules.map((text) => expect.objectContaining({ name: null, text })));
    expect(elimination.victoryConditions).toEqual(source.mainObjective.win);
    expect((elimination.specialCards as ItemView[]).map((card) => card.id)).toEqual(source.specialCardIds);
  });

  it("reads a card's texts in printed order, faces included", () => {
    const fire = library.getOfKind('zs-card', 'stalker-zs:card:special:fire')!;
    const texts = zsCardTexts(fire);
    expect(texts.slice(0, fire.rules.length)).toEqual(fire.rules);
    expect(texts[texts.length - 1]).toBe('[blue circle icon]: Discard 1 chosen Fire token from the Map (if there is any).');
    expect(view(fire.id).texts).toEqual(texts);
  });

  it('names die faces and action costs by canonical id beside their printed spelling', () => {
    const blizzard = view('stalker-zs:card:event:blizzard') as unknown as { fateTriggers: { byFace: { faces: string[]; faceIds: string[] }[] } };
    const yellow = blizzard.fateTriggers.byFace.find((outcome) => outcome.faces.includes('[yellow item icon]'))!;
    expect(yellow.faceIds).toEqual(['stalker-zs:icon:yellow']);
    const links = view('stalker-zs:script:042').links as { face: string; faceId: string }[];
    expect(links.map((link) => link.faceId)).toEqual(['stalker-zs:icon:blue-circle', 'stalker-zs:icon:yellow']);
    const actions = views.ofKinds(['zs-card']).flatMap((card) => card.actions as { cost: string; costIconId: string | null }[]);
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action.costIconId).toBe(library.iconCatalogue('stalker-zs').canonicalId(action.cost) ?? null);
  });

  it('resolves script links to their targets and keeps external references as data', () => {
    const links = view('stalker-zs:script:042').links as { targetId: string; target: ItemView }[];
    expect(links.map((link) => link.target.id)).toEqual(links.map((link) => link.targetId));
    const layout = view('stalker-zs:map:1').layout as { type: string; external: unknown; target: unknown };
    expect(layout.type).toBe('external');
    expect(layout.target).toBeNull();
    expect(layout.external).toEqual({ book: expect.any(String), ref: expect.any(String) });
  });

  it("cuts a script's text into icons and links that lead to the scripts and cards it names", () => {
    const script = view('stalker-zs:script:042');
    const segments = script.segments as Segment[];
    expect(joined(segments)).toBe(script.text);
    const link = segments.find((segment) => segment.kind === 'LINK' && segment.text === 'Script 121')!;
    expect(link.targetId).toBe('stalker-zs:script:121');
    expect(link.target!.id).toBe('stalker-zs:script:121');
    const die = segments.find((segment) => segment.text === '[die icon]')!;
    expect(die).toMatchObject({ kind: 'ICON', iconId: 'stalker-zs:icon:die' });
    expect(die.icon!.id).toBe('stalker-zs:icon:die');
    const toCards = (view('stalker-zs:script:006').segments as Segment[]).filter((segment) => segment.kind === 'LINK');
    expect(toCards.map(({ text, targetId }) => ({ text, targetId }))).toEqual([
      { text: 'Flooded Room', targetId: 'stalker-zs:card:setup:flooded-room' },
      { text: 'Dead Body', targetId: 'stalker-zs:card:setup:dead-body' },
    ]);
  });

  it("cuts a card's texts and die outcomes into icons by canonical id, whichever spelling is printed", () => {
    const blizzard = view('stalker-zs:card:event:blizzard');
    const icons = (blizzard.textSegments as { segments: Segment[] }[]).flatMap((text) => text.segments).filter((segment) => segment.kind === 'ICON');
    expect(icons).toContainEqual(expect.objectContaining({ text: '[yellow item icon]', iconId: 'stalker-zs:icon:yellow' }));
    const fire = view('stalker-zs:card:special:fire') as unknown as { fateTriggers: { byFace: { text: string; segments: Segment[] }[] } };
    expect(fire.fateTriggers.byFace.length).toBeGreaterThan(0);
    for (const outcome of fire.fateTriggers.byFace) expect(joined(outcome.segments)).toBe(outcome.text);
    const lines = (view('stalker-zs:scenario:elimination').setupSteps as { lineSegments: { segments: Segment[] }[] }[]).flatMap((step) => step.lineSegments);
    expect(lines.flatMap((line) => line.segments).filter((segment) => segment.kind === 'ICON').length).toBeGreaterThan(0);
  });
});
