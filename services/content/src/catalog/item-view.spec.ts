import { ContentItem, contentLibrary } from '@scriptbook/content';
import { graphqlTypeOfView } from '../common/graphql-type';
import { enemiesByStalkerCount, zsCardTexts } from '../kinds/stalker-zs/zs.kinds';
import { searchDocumentOf } from '../search/search-documents';
import { ContentCatalog } from './content-catalog';
import { ItemView } from './catalog-lookup';

const library = contentLibrary();
const catalog = new ContentCatalog(library);
const view = (id: string) => catalog.get(id)!;
const all = () => library.packs.flatMap((pack) => pack.itemIds).map(view);

describe('item views', () => {
  it('names the GraphQL type of every view, and fails loudly for a value without one', () => {
    for (const item of all()) expect(graphqlTypeOfView(item)).toMatch(/^[A-Z]\w+$/);
    expect(graphqlTypeOfView(view('stalker-zs:script:042'))).toBe('Script');
    expect(() => graphqlTypeOfView({ kind: 'spell' })).toThrow(/spell/);
  });

  it('gives every view a game id, a game being its own', () => {
    for (const item of all()) expect(library.isGame(item.gameId)).toBe(true);
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
    expect(zs.specialRules).toEqual(
      (library.get(zs.id) as { specialRules: string[] }).specialRules.map((text) => expect.objectContaining({ name: null, text })),
    );
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

  it('names die faces by canonical id beside their printed spelling', () => {
    const blizzard = view('stalker-zs:card:event:blizzard') as unknown as { fateTriggers: { byFace: { faces: string[]; faceIds: string[] }[] } };
    const yellow = blizzard.fateTriggers.byFace.find((outcome) => outcome.faces.includes('[yellow item icon]'))!;
    expect(yellow.faceIds).toEqual(['stalker-zs:icon:yellow']);
    const links = view('stalker-zs:script:042').links as { face: string; faceId: string }[];
    expect(links.map((link) => link.faceId)).toEqual(['stalker-zs:icon:blue-circle', 'stalker-zs:icon:yellow']);
  });

  it('resolves script links to their targets lazily and keeps external references as data', () => {
    const links = view('stalker-zs:script:042').links as { targetId: string; target: ItemView }[];
    expect(links.map((link) => link.target.id)).toEqual(links.map((link) => link.targetId));
    const external = all()
      .flatMap((item) => (item.kind === 'zs-map' ? [item.layout as { type: string; external: unknown; target: unknown }] : []))
      .find((link) => link.type === 'external');
    expect(external).toBeDefined();
    expect(external!.target).toBeNull();
    expect(external!.external).toEqual({ book: expect.any(String), ref: expect.any(String) });
  });

  it('turns table values into key-value pairs of text', () => {
    const table = all().find((item) => item.kind === 'twom-table')!;
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

describe('segments served beside the printed text', () => {
  type Segment = { kind: string; text: string; iconId: string | null; targetId: string | null; target: ItemView | null; icon: { id: string } | null };
  const joined = (segments: Segment[]) => segments.map((segment) => segment.text).join('');

  it("cut a script's text into icons and links that lead to the scripts it names", () => {
    const script = view('stalker-zs:script:042');
    const segments = script.segments as Segment[];
    expect(joined(segments)).toBe(script.text);
    const link = segments.find((segment) => segment.kind === 'LINK' && segment.text === 'Script 121')!;
    expect(link.targetId).toBe('stalker-zs:script:121');
    expect(link.target!.id).toBe('stalker-zs:script:121');
    const die = segments.find((segment) => segment.text === '[die icon]')!;
    expect(die).toMatchObject({ kind: 'ICON', iconId: 'stalker-zs:icon:die' });
    expect(die.icon!.id).toBe('stalker-zs:icon:die');
  });

  it("cut a card's texts into icons by canonical id, whichever spelling is printed", () => {
    const blizzard = view('stalker-zs:card:event:blizzard');
    const printed = blizzard.textSegments as { field: string; text: string; segments: Segment[] }[];
    expect(printed.map((text) => text.text)).toEqual(blizzard.texts);
    const icons = printed.flatMap((text) => text.segments).filter((segment) => segment.kind === 'ICON');
    expect(icons).toContainEqual(expect.objectContaining({ text: '[yellow item icon]', iconId: 'stalker-zs:icon:yellow' }));
  });

  it('serve setup lines, special rules and die outcomes with their segments too', () => {
    const zs = view('stalker-zs:scenario:elimination') as unknown as {
      setupSteps: { lines: string[]; lineSegments: { field: string; text: string; segments: Segment[] }[] }[];
      specialRules: { text: string; segments: Segment[] }[];
    };
    zs.setupSteps.forEach((step, index) => {
      expect(step.lineSegments.map((line) => line.text)).toEqual(step.lines);
      step.lineSegments.forEach((line, n) => {
        expect(line.field).toBe(`setupSteps.${index}.lines.${n}`);
        expect(joined(line.segments)).toBe(line.text);
      });
    });
    const icons = zs.setupSteps.flatMap((step) => step.lineSegments.flatMap((line) => line.segments)).filter((segment) => segment.kind === 'ICON');
    expect(icons.length).toBeGreaterThan(0);
    for (const rule of zs.specialRules) expect(joined(rule.segments)).toBe(rule.text);
    const fire = view('stalker-zs:card:special:fire') as unknown as { fateTriggers: { byFace: { text: string; segments: Segment[] }[] } };
    for (const outcome of fire.fateTriggers.byFace) expect(joined(outcome.segments)).toBe(outcome.text);
  });

  it('link a script to the card it names', () => {
    const script = view('stalker-zs:script:006');
    const link = (script.segments as Segment[]).find((segment) => segment.kind === 'LINK')!;
    expect(link).toMatchObject({ text: 'Dead Body', targetId: 'stalker-zs:card:setup:dead-body' });
  });

  it('serve every printed text of every item with segments that join back to it, ids and provenance left out', () => {
    for (const item of all()) {
      for (const printed of item.segmentedTexts as { field: string; text: string; segments: Segment[] }[]) {
        expect(joined(printed.segments)).toBe(printed.text);
        expect(printed.field).not.toMatch(/(^|\.)(id|kind|gameId|provenance|gaps)(\.|$)/);
      }
    }
    const fields = (view('twom:scenario:refugees').segmentedTexts as { field: string }[]).map((printed) => printed.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'narrative', 'setup.steps.0.heading']));
  });
});
