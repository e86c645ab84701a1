import { z } from 'zod';
import { BaseItem, ContentId, GameId } from '../schema/common';
import { gameKind } from '../schema/game';
import { linkTo, pointsAt, withSegments } from './annotations';
import { defineContentKind } from './descriptor';
import { ContentKindRegistry } from './registry';
import { CardFields } from './served-shapes';

/** Kinds made up for these tests alone; no pack holds them. */
const Part = z.object({ partId: pointsAt(ContentId), note: z.string() });
const SpecWidget = BaseItem.extend({
  kind: z.literal('spec-widget'),
  gameId: GameId,
  text: withSegments(z.string()),
  partIds: linkTo('SpecWidget', z.array(ContentId), 'The parts, as widgets.').default([]),
  nested: z.object({ parts: z.array(Part), byName: z.record(Part) }).nullable(),
  step: z.discriminatedUnion('type', [
    z.object({ type: z.literal('go'), target: pointsAt(ContentId, { cited: true }) }),
    z.object({ type: z.literal('book'), ref: z.string() }),
  ]),
  tags: z.array(z.number()),
  old: z.string(),
});
const widget = defineContentKind({
  schema: SpecWidget,
  graphqlName: 'SpecWidget',
  description: 'A widget for the tests.',
  groups: ['card'],
  gameList: { field: 'widgets', description: 'The widgets.' },
  servedElsewhere: ['old'],
  viewFields: { renamed: z.string().describe('What `old` is served as.'), text: z.number().describe('A view field in place of the item field.') },
  packProblems: (items) => items.map((item) => `${item.id}: checked`),
});
const Gadget = BaseItem.extend({ kind: z.literal('spec-gadget'), gameId: GameId });
const gadget = defineContentKind({ schema: Gadget, graphqlName: 'SpecGadget', description: 'A gadget for the tests.' });

describe('a content kind registry', () => {
  const kinds = new ContentKindRegistry([gameKind, widget, gadget]);

  it('refuses a kind or a type described twice, no game kind, and two kinds claiming one Game list', () => {
    expect(() => new ContentKindRegistry([gameKind, widget, widget])).toThrow('content kind spec-widget is described twice');
    expect(() => new ContentKindRegistry([gameKind, widget, { ...gadget, graphqlName: 'SpecWidget' }])).toThrow('GraphQL type SpecWidget serves two content kinds');
    expect(() => new ContentKindRegistry([widget])).toThrow('need the game kind');
    expect(() => new ContentKindRegistry([gameKind, widget, { ...gadget, gameList: { field: 'widgets', description: 'Again.' } }])).toThrow('Game.widgets is contributed twice');
    expect(() => defineContentKind({ schema: z.object({ kind: z.string() }), graphqlName: 'Loose', description: 'No literal.' })).toThrow('string literal `kind`');
  });

  it('serves a kind with its interfaces\' fields over its view fields over its own, without the fields it serves elsewhere', () => {
    const shape = kinds.servedShape('spec-widget').shape;
    expect(shape.tags).toBe(CardFields.shape.tags);
    expect(shape.text).toBe(widget.viewFields!.text);
    expect(shape.renamed).toBe(widget.viewFields!.renamed);
    expect(shape.old).toBeUndefined();
    expect(shape.partIds).toBe(SpecWidget.shape.partIds);
    expect(shape.widgets).toBeUndefined();
    expect(Object.keys(kinds.servedShape('game').shape)).toContain('widgets');
    expect(kinds.servedShape('spec-widget').shape).toBe(shape);
  });

  it('finds the ids an item points at through objects, lists, records, nulls and discriminated unions', () => {
    const item: { kind: string } & Record<string, unknown> = {
      id: 'spec:widget:a',
      kind: 'spec-widget',
      gameId: 'spec',
      partIds: ['spec:widget:b'],
      nested: { parts: [{ partId: 'spec:part:1', note: 'n' }], byName: { x: { partId: 'spec:part:2', note: 'n' } } },
      step: { type: 'go', target: 'spec:widget:c' },
    };
    expect(kinds.linksOf(item).sort()).toEqual(['spec', 'spec:part:1', 'spec:part:2', 'spec:widget:b', 'spec:widget:c']);
    expect(kinds.citedIdsOf(item)).toEqual(['spec:widget:c']);
    const unlinked: typeof item = { ...item, nested: null, step: { type: 'book', ref: 'p. 3' } };
    expect(kinds.linksOf(unlinked).sort()).toEqual(['spec', 'spec:widget:b']);
  });

  it("gives each kind's own check only that kind's items", () => {
    const items = [
      { id: 'spec:widget:a', kind: 'spec-widget' },
      { id: 'spec:gadget:a', kind: 'spec-gadget' },
    ];
    expect(kinds.packProblems(items, new Set())).toEqual(['spec:widget:a: checked']);
  });

  it('knows the groups that have members and the lists Game gets from kinds and groups', () => {
    expect(kinds.groups().map((entry) => entry.group)).toEqual(['card']);
    expect(kinds.gameLists().map((list) => list.field)).toEqual(['widgets']);
    expect(kinds.interfacesOf('spec-widget').map((entry) => entry.name)).toEqual(['Card']);
  });
});
