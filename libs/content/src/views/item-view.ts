import { GAME_KIND, ContentKindRegistry } from '../kinds/registry';
import { withLazyLinks } from './lazy-fields';
import { ContentLookup, gameIdOf, ItemView, ViewedItem } from './lookup';
import { printedTexts } from './printed-texts';
import { GRAPHQL_TYPE } from './served-type';
import { servingOf } from './served-values';

type PackItem = ViewedItem & { readonly name: string } & object;

/**
 * The graph's view of one pack item: the item, the fields its kind's view
 * adds, its game's lists for a game, and beside every annotated field what
 * its kind's served shape declares (segments, linked items). Built once at
 * start, so no request pays for segmenting.
 */
export function itemView(item: PackItem, kinds: ContentKindRegistry, lookup: ContentLookup): ItemView {
  const descriptor = kinds.descriptor(item.kind);
  const gameId = gameIdOf(item);
  const fields: Record<string, unknown> = { ...item, gameId, ...(descriptor.view?.(item, lookup) ?? {}) };
  if (item.kind === GAME_KIND) {
    for (const list of kinds.gameLists()) {
      const source = list.source;
      fields[list.field] = () => ('kind' in source ? lookup.ofKinds([source.kind], gameId) : lookup.ofGroup(source.group, gameId));
    }
  }
  const segments = new Map<string, readonly object[]>();
  const segmentsOf = (text: string) => {
    let cut = segments.get(text);
    if (!cut) {
      cut = lookup.segmentsOf(item, text);
      segments.set(text, cut);
    }
    return cut;
  };
  fields.segmentedTexts = printedTexts(item).map(({ field, text }) => ({ field, text, segments: segmentsOf(text) }));
  const serve = servingOf(kinds.servedShape(item.kind));
  const view = (serve ? serve(fields, { lookup, segmentsOf }, '') : withLazyLinks(fields)) as ItemView;
  Object.defineProperty(view, GRAPHQL_TYPE, { value: descriptor.graphqlName, enumerable: false });
  return view;
}
