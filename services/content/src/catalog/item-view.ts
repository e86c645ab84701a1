import type { ContentItem } from '@scriptbook/content';
import { GRAPHQL_TYPE } from '../common/graphql-type';
import { kindEntry } from '../kinds/registry';
import { CatalogLookup, ItemView, withLazyLinks } from './catalog-lookup';
import { printedTexts } from './printed-texts';

/**
 * The graph's view of one pack item: the item, the fields its registry
 * entry adds, and every printed text cut into segments. Built once at
 * start, so no request pays for segmenting.
 */
export function itemView(item: ContentItem, lookup: CatalogLookup): ItemView {
  const gameId = item.kind === 'game' ? item.id : item.gameId;
  const entry = kindEntry(item.kind);
  const fields = { ...item, gameId, ...(entry.view?.(item, lookup) ?? {}) } as Record<string, unknown>;
  const segmentsOf = (text: string) => lookup.segmentsOf(item, text);

  const segmentedTexts = printedTexts(item).map(({ field, text }) => ({ field, text, segments: segmentsOf(text) }));
  fields.segmentedTexts = segmentedTexts;
  if (typeof (item as { text?: unknown }).text === 'string' || (item as { text?: unknown }).text === null) {
    fields.segments = segmentedTexts.find((printed) => printed.field === 'text')?.segments ?? null;
  }
  if (entry.groups?.includes('card')) {
    fields.textSegments = (fields.texts as string[]).map((text, index) => ({ field: `texts.${index}`, text, segments: segmentsOf(text) }));
  }
  const view = withLazyLinks(fields) as ItemView;
  Object.defineProperty(view, GRAPHQL_TYPE, { value: entry.type.name, enumerable: false });
  return view;
}
