import { loadContentLibrary } from '../load-packs';
import type { ContentItem } from '../schema';

describe('the stalker-zs pack (seed 004, Zone Survival)', () => {
  const library = loadContentLibrary();
  const pack = library.packs.find((candidate) => candidate.manifest.id === 'stalker-zs')!;
  const items: ContentItem[] = pack.itemIds.map((id) => library.get(id)!);
  const script = (n: number) => library.getOfKind('zs-script', `stalker-zs:script:${String(n).padStart(3, '0')}`)!;

  it('is released as 1.1.0 from seed 004', () => {
    // 1.1.0 added the cards the scoring examples name.
    expect(pack.manifest.version).toBe('1.1.0');
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
      'zs-card': 30,
      'zs-scenario': 10,
      'zs-map': 10,
      'zs-script': 206,
      'glossary-entry': 4,
    });
  });

  it('records every part the seed leaves out as a gap', () => {
    const gaps = items.flatMap((item) => item.gaps.map((gap) => ({ id: item.id, ...gap })));
    // 63 gaps the seed states, plus the unknown tags of the 12 cards it names without printing them,
    // plus type, text and tags of the 4 cards its scoring examples name.
    expect(gaps).toHaveLength(87);
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
