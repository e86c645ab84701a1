import { gameContentLibrary } from '@scriptbook/game-host';
import type { ZodTypeAny } from 'zod';
import { companionFieldName, graphqlAnnotationsOf } from '@scriptbook/schema';
import { contentAnnotationsOf } from '../kinds/annotations';
import { loadContentLibrary } from '../load-packs';
import { CONTENT_KINDS } from '@scriptbook/games';
import { ContentViews } from './content-views';
import { ItemView } from './lookup';
import { graphqlTypeOfView } from './served-type';

const library = gameContentLibrary();
const views = new ContentViews(library, CONTENT_KINDS);
const all = () => views.ids().map((id) => views.get(id)!);

type Segment = { kind: string; text: string };
type Segmented = { field: string; text: string; segments: Segment[] };
const joined = (segments: readonly Segment[]) => segments.map((segment) => segment.text).join('');

/** The top-level fields of a kind's served shape that name other items beside their ids. */
function linkFields(kind: string): { field: string; served: string; list: boolean }[] {
  return Object.entries(CONTENT_KINDS.servedShape(kind).shape as Record<string, ZodTypeAny>).flatMap(([field, schema]) =>
    contentAnnotationsOf(schema).pointsAt
      ? (graphqlAnnotationsOf(schema).companions ?? []).map((companion) => ({ field, served: companionFieldName(field, companion), list: companion.list }))
      : [],
  );
}

describe('item views of the shipped packs', () => {
  it("name the GraphQL type of their kind, and a value without one fails loudly", () => {
    for (const view of all()) expect(graphqlTypeOfView(view)).toBe(CONTENT_KINDS.descriptor(view.kind).graphqlName);
    expect(() => graphqlTypeOfView({ kind: 'spell' })).toThrow(/spell/);
  });

  it('give every view a game id, a game being its own', () => {
    for (const view of all()) expect(library.isGame(view.gameId)).toBe(true);
    for (const game of library.games()) expect(views.get(game.id)!.gameId).toBe(game.id);
  });

  it('serve every item a link declares beside its id, looked up only when asked', () => {
    let checked = 0;
    for (const view of all()) {
      for (const { field, served, list } of linkFields(view.kind)) {
        expect(Object.getOwnPropertyDescriptor(view, served)?.get).toBeInstanceOf(Function);
        const ids = view[field];
        const items = view[served] as ItemView | ItemView[] | null;
        if (list) expect((items as ItemView[]).map((item) => item.id)).toEqual(ids ?? []);
        else expect((items as ItemView | null)?.id ?? null).toBe(ids ?? null);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('serve every printed text with segments that join back to it, ids and provenance left out', () => {
    for (const view of all()) {
      for (const printed of view.segmentedTexts as Segmented[]) {
        expect(joined(printed.segments)).toBe(printed.text);
        expect(printed.field).not.toMatch(/(^|\.)(id|kind|gameId|provenance|gaps)(\.|$)/);
      }
    }
  });

  it('serve the segments of an item-level text beside it, and null beside a null text', () => {
    let checked = 0;
    for (const view of all()) {
      if (!('segments' in view)) continue;
      if (view.text === null) expect(view.segments).toBeNull();
      else expect(joined(view.segments as Segment[])).toBe(view.text);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("serve each card text and each scenario setup line as a segmented text named by its place", () => {
    for (const card of views.ofGroup('card')) {
      const printed = card.textSegments as Segmented[];
      expect(printed.map((text) => text.text)).toEqual(card.texts);
      printed.forEach((text, index) => {
        expect(text.field).toBe(`texts.${index}`);
        expect(joined(text.segments)).toBe(text.text);
      });
    }
    for (const scenario of views.ofGroup('scenario')) {
      (scenario.setupSteps as { lines: string[]; lineSegments: Segmented[] }[]).forEach((step, index) => {
        expect(step.lineSegments.map((line) => line.text)).toEqual(step.lines);
        step.lineSegments.forEach((line, n) => expect(line.field).toBe(`setupSteps.${index}.lines.${n}`));
      });
      for (const rule of scenario.specialRules as { text: string; segments: Segment[] }[]) expect(joined(rule.segments)).toBe(rule.text);
    }
  });

  it('list a game\'s items of every kind and group that contributes a Game list', () => {
    for (const game of library.games()) {
      const view = views.get(game.id)!;
      for (const list of CONTENT_KINDS.gameLists()) {
        const source = list.source;
        const expected = 'kind' in source ? views.ofKinds([source.kind], game.id) : views.ofGroup(source.group, game.id);
        expect((view[list.field] as ItemView[]).map((item) => item.id)).toEqual(expected.map((item) => item.id));
      }
    }
  });
});
