import { gameContentLibrary } from '@scriptbook/game-host';
import { CONTENT_KINDS, GameContentItem } from '@scriptbook/games';

describe('Hope Inhumanity content pack', () => {
  const library = gameContentLibrary();
  const pack = library.packs.find((candidate) => candidate.manifest.id === 'hope-inhumanity')!;
  const items: GameContentItem[] = pack.itemIds.map((id) => library.get(id)!);

  // Pinned so that an edit to the pack that adds, drops or re-kinds an item is a visible decision.
  it('pins its items by kind, with no gaps', () => {
    const counts: Record<string, number> = {};
    for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    expect(counts).toEqual({
      game: 1,
      'rule-section': 3,
      die: 2,
      'hope-card-type': 10,
      'hope-game-structure': 1,
      'hope-turn-step': 13,
      'glossary-entry': 4,
    });
    expect(items.reduce((sum, item) => sum + item.gaps.length, 0)).toBe(0);
    expect(pack.manifest.version).toBe('1.0.0');
  });

  it('takes every item from seed 003 and resolves every link', () => {
    for (const item of items) expect(item.provenance.seed).toBe('003');
    const dangling = items.flatMap((item) => CONTENT_KINDS.linksOf(item).filter((to) => library.get(to) === undefined));
    expect(dangling).toEqual([]);
  });

  it('plays five rounds clockwise, counting 4, 5 and 6 as successes', () => {
    const structure = library.getOfKind('hope-game-structure', 'hope-inhumanity:structure:game')!;
    expect(structure).toMatchObject({
      rounds: 5,
      playOrder: 'clockwise',
      successFaces: [4, 5, 6],
      dieIds: ['hope-inhumanity:die:humanity', 'hope-inhumanity:die:hope'],
      roundEnd: { hopeDiceAdded: 1, roundCounterAdvance: 1 },
    });
  });

  it('marks the six-sided dice as an assumption, since the seed lists no faces', () => {
    for (const id of ['hope-inhumanity:die:humanity', 'hope-inhumanity:die:hope']) {
      expect(library.getOfKind('die', id)).toMatchObject({ faces: [1, 2, 3, 4, 5, 6], facesSource: 'assumption' });
    }
  });

  it('lays out the card types at setup', () => {
    const types = library.ofKind('hope-card-type');
    expect(types.map((type) => [type.name, type.placement])).toEqual([
      ['Humanity dice card', 'each-player'],
      ['Hope dice card', 'center'],
      ['Scene cards', 'scene-decks'],
      ['Asset cards', 'near-scene-decks'],
      ['Personality cards', 'near-scene-decks'],
      ['Trait cards', 'near-scene-decks'],
      ['Relationship cards', 'near-scene-decks'],
      ['Hunger condition cards', 'nearby'],
      ['Harm condition cards', 'nearby'],
      ['Hunted condition cards', 'nearby'],
    ]);
    expect(library.getOfKind('hope-card-type', 'hope-inhumanity:card-type:hunted')?.expansion).toBe('Martial Law');
  });

  it('keeps the turn sequence in order, step text as printed', () => {
    const steps = [...library.ofKind('hope-turn-step')].sort((a, b) => a.order - b.order);
    expect(steps).toHaveLength(13);
    expect(steps[0].text).toBe('On your turn, draw a Scene card. Silently read to yourself the scenario outlined on it.');
    expect(steps[8].text).toBe(
      'Roll all the dice you’ve amassed. Count the successes: 4s, 5s, and 6s. If the number of successes equals or exceeds the total hardship, you’re successful. Otherwise, you fail.',
    );
    expect(steps.map((step) => step.when)).toEqual([
      'always',
      'always',
      'act',
      'no-roll',
      'roll',
      'roll',
      'roll',
      'roll',
      'roll',
      'roll',
      'success',
      'failure',
      'avoid',
    ]);
    expect(library.getOfKind('rule-section', steps[0].ruleSectionId)?.headingPath).toEqual(['Turn Sequence']);
  });

  it('splits the rules by heading', () => {
    expect(library.ofKind('rule-section').filter((section) => section.gameId === 'hope-inhumanity').map((section) => section.headingPath)).toEqual([
      ['GAME SETUP', 'Card Setup'],
      ['Turn Sequence'],
      ['The End of the Round'],
    ]);
  });
});
