import { ContentItem, contentLibrary } from '@scriptbook/content';
import { CONTENT_KINDS, GRAPHQL_TYPE_OF_KIND, graphqlTypeOf } from '../items/kind-types';
import { searchDocumentOf } from '../search/search-documents';
import { CatalogLookup, enemiesByStalkerCount, ItemView, itemView, zsCardTexts } from './item-views';

const library = contentLibrary();
const views = new Map<string, ItemView>();
const lookup: CatalogLookup = {
  get: (id) => views.get(id),
  ofKinds: (kinds, gameId) => [...views.values()].filter((v) => kinds.includes(v.kind) && (!gameId || v.gameId === gameId)),
};
for (const pack of library.packs) for (const id of pack.itemIds) views.set(id, itemView(library.get(id)!, lookup));
const view = (id: string) => views.get(id)!;

describe('item views', () => {
  it('has a GraphQL type for every kind in the packs, and fails loudly for an unknown kind', () => {
    for (const item of views.values()) expect(GRAPHQL_TYPE_OF_KIND[item.kind]).toBeDefined();
    expect(new Set(Object.values(GRAPHQL_TYPE_OF_KIND)).size).toBe(CONTENT_KINDS.length);
    expect(() => graphqlTypeOf('spell')).toThrow(/spell/);
  });

  it('gives every view a game id, a game being its own', () => {
    for (const item of views.values()) expect(library.isGame(item.gameId)).toBe(true);
    expect(view('twom').gameId).toBe('twom');
  });

  it('lists enemies by stalker count in order, whatever the key order', () => {
    expect(enemiesByStalkerCount({ '3': ['c'], '1': ['a'] })).toEqual([
      { stalkers: 1, groups: ['a'] },
      { stalkers: 3, groups: ['c'] },
    ]);
  });

  it('maps both scenario kinds onto the shared setup steps and conditions', () => {
    const zs = view('stalker-zs:scenario:elimination');
    expect(zs.setupSteps).toEqual(expect.arrayContaining([expect.objectContaining({ order: 1, title: 'Draw and Arrange a Map' })]));
    expect(zs.specialRules).toEqual((library.get(zs.id) as { specialRules: string[] }).specialRules.map((text) => ({ name: null, text })));
    const twom = view('twom:scenario:refugees');
    const source = library.getOfKind('twom-scenario', twom.id)!;
    expect((twom.setupSteps as unknown[]).length).toBe(source.setup.steps.length);
    expect(twom.summary).toBe(source.overview);
    expect((twom.cards as ItemView[]).map((card) => card.id)).toEqual(source.cardIds);
  });

  it("reads a Zone Survival card's texts in printed order, faces included", () => {
    const fire = library.getOfKind('zs-card', 'stalker-zs:card:special:fire')!;
    const texts = zsCardTexts(fire);
    expect(texts.slice(0, fire.rules.length)).toEqual(fire.rules);
    expect(texts[texts.length - 1]).toBe('[blue circle icon]: Discard 1 chosen Fire token from the Map (if there is any).');
  });

  it('resolves script links to their targets lazily and keeps external references as data', () => {
    const links = view('stalker-zs:script:042').links as { targetId: string; target: ItemView }[];
    expect(links.map((link) => link.target.id)).toEqual(links.map((link) => link.targetId));
    const external = [...views.values()]
      .flatMap((item) => (item.kind === 'zs-map' ? [item.layout as { type: string; external: unknown; target: unknown }] : []))
      .find((link) => link.type === 'external');
    if (external) {
      expect(external.target).toBeNull();
      expect(external.external).toEqual({ book: expect.any(String), ref: expect.any(String) });
    }
  });

  it('turns table values into key-value pairs of text', () => {
    const table = [...views.values()].find((item) => item.kind === 'twom-table')!;
    for (const row of table.rows as unknown as { values: { key: string; value: unknown }[] }[]) {
      for (const value of row.values) expect(typeof value.value).toBe('string');
    }
  });

  it('indexes names and texts but not ids or provenance', () => {
    const document = searchDocumentOf(library.get('stalker-zs:script:042') as ContentItem);
    expect(document.fields[0]).toMatchObject({ name: 'name', text: 'Script 042' });
    expect(document.fields[1].text).toContain('A carefully opened chest');
    expect(document.fields[1].text).not.toContain('stalker-zs:script:121');
    expect(document.fields[1].text).not.toContain('Scripts 001–056');
  });
});
