import { gameContentLibrary } from '@scriptbook/game-host';
import { CONTENT_KINDS, GameContentItem } from '@scriptbook/games';

/** The kinds this release serves, as the games describe them. */
describe('the content kinds of this release', () => {
  const library = gameContentLibrary();

  it('describe every kind the packs hold, and only once', () => {
    for (const pack of library.packs) for (const id of pack.itemIds) expect(CONTENT_KINDS.has(library.get(id)!.kind)).toBe(true);
    expect(new Set(CONTENT_KINDS.kinds).size).toBe(CONTENT_KINDS.descriptors.length);
    expect(() => CONTENT_KINDS.descriptor('spell')).toThrow(/spell/);
  });

  it('put each kind behind the interfaces, unions and lookups its game declares', () => {
    expect(CONTENT_KINDS.inGroup('card').sort()).toEqual(['hope-card-type', 'twom-card', 'zs-card', 'zs-help-card']);
    expect(CONTENT_KINDS.inGroup('scenario').sort()).toEqual(['twom-scenario', 'zs-scenario']);
    expect(CONTENT_KINDS.inGroup('map').sort()).toEqual(['twom-map-side', 'zs-map']);
    expect(CONTENT_KINDS.inGroup('script')).toEqual(['zs-script']);
    const entities = CONTENT_KINDS.kinds.filter((kind) => CONTENT_KINDS.descriptor(kind).entity).sort();
    expect(entities).toEqual(['game', 'hope-card-type', 'twom-card', 'twom-scenario', 'zs-card', 'zs-help-card', 'zs-scenario', 'zs-script']);
  });

  it("assemble Game's lists from the kinds and groups that contribute them, a game's characters and tracks among them", () => {
    const lists = Object.fromEntries(CONTENT_KINDS.gameLists().map((list) => [list.field, list.source]));
    expect(lists).toEqual({
      modules: { kind: 'module' },
      rollTables: { kind: 'roll-table' },
      dice: { kind: 'die' },
      decks: { kind: 'deck' },
      glossary: { kind: 'glossary-entry' },
      characters: { kind: 'twom-character' },
      tracks: { kind: 'twom-track' },
      scenarios: { group: 'scenario' },
      maps: { group: 'map' },
    });
  });

  it('find the ids an item points at from its schema, the ids of external books left out', () => {
    const scenario = library.getOfKind('twom-scenario', 'twom:scenario:refugees')!;
    expect(CONTENT_KINDS.linksOf(scenario)).toEqual(expect.arrayContaining([scenario.gameId, scenario.moduleId, ...scenario.cardIds]));
    const script = library.getOfKind('zs-script', 'stalker-zs:script:042')!;
    const targets = script.links.flatMap((link) => (link.type === 'external' ? [] : [link.target]));
    expect(CONTENT_KINDS.linksOf(script).sort()).toEqual([script.gameId, ...targets].sort());
    expect(CONTENT_KINDS.citedIdsOf(script)).toEqual(targets);
    const map = library.getOfKind('zs-map', 'stalker-zs:map:1')!;
    expect(map.layout.type).toBe('external');
    expect(CONTENT_KINDS.linksOf(map)).toEqual([map.gameId]);
    expect(CONTENT_KINDS.linksOf(library.get('twom') as GameContentItem)).toEqual([]);
  });

  it('name a cited script by its printed number and anything else by its name', () => {
    const script = library.getOfKind('zs-script', 'stalker-zs:script:121')!;
    expect(CONTENT_KINDS.citationOf(script)).toEqual({ scriptNumber: 121 });
    const card = library.getOfKind('zs-card', 'stalker-zs:card:setup:dead-body')!;
    expect(CONTENT_KINDS.citationOf(card)).toEqual({ name: 'Dead Body' });
  });
});
