import { contentLibrary } from '@scriptbook/content';
import { ContentCatalog } from '../catalog/content-catalog';
import { CONTENT_KINDS, contentItemTypes, entityKinds, isContentKind, kindEntry, kindsInGroup, mapTypes } from './registry';

describe('the content kind registry', () => {
  const library = contentLibrary();

  it('has an entry for every kind in the packs, each with its own GraphQL type', () => {
    for (const pack of library.packs) for (const id of pack.itemIds) expect(isContentKind(library.get(id)!.kind)).toBe(true);
    expect(contentItemTypes()).toHaveLength(CONTENT_KINDS.length);
    expect(() => kindEntry('spell')).toThrow(/spell/);
  });

  it('derives the Card, Scenario and GameMap members and the entity types from the entries', () => {
    expect(kindsInGroup('card').sort()).toEqual(['hope-card-type', 'twom-card', 'zs-card', 'zs-help-card']);
    expect(kindsInGroup('scenario').sort()).toEqual(['twom-scenario', 'zs-scenario']);
    expect(mapTypes().map((type) => type.name).sort()).toEqual(['TwomMapSide', 'ZsMap']);
    expect(entityKinds().sort()).toEqual(['game', 'hope-card-type', 'twom-card', 'twom-scenario', 'zs-card', 'zs-help-card', 'zs-scenario', 'zs-script']);
  });

  it("builds a kind's view from its entry: the Zone Survival scenario's shared setup steps", () => {
    const catalog = new ContentCatalog(library);
    const item = library.getOfKind('zs-scenario', 'stalker-zs:scenario:elimination')!;
    const fields = kindEntry('zs-scenario').view!(item, catalog);
    expect(fields.summary).toBe(item.intro);
    expect(fields.setupSteps).toEqual(item.steps.map((step) => expect.objectContaining({ order: step.step, title: step.title, lines: step.text })));
  });
});
