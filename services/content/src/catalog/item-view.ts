import type { ContentItem, LinkPhrase, TextSegment } from '@scriptbook/content';
import { segmentText } from '@scriptbook/content';
import { GRAPHQL_TYPE } from '../common/graphql-type';
import { kindEntry } from '../kinds/registry';
import { CatalogLookup, ItemView, withLazyLinks } from './catalog-lookup';
import { iconView } from './icon-view';
import { printedTexts } from './printed-texts';

/** How the links of an item are named in its own text: a script by its number, anything else by its name. */
function linkPhrases(item: ContentItem, library: { get(id: string): ContentItem | undefined }): LinkPhrase[] {
  const links = (item as { links?: { type: string; target?: string }[] }).links ?? [];
  return links.flatMap((link): LinkPhrase[] => {
    const target = link.target ? library.get(link.target) : undefined;
    if (!target) return [];
    return target.kind === 'zs-script' ? [{ target: target.id, scriptNumber: target.number }] : [{ target: target.id, name: target.name }];
  });
}

function segmentView(segment: TextSegment, gameId: string, lookup: CatalogLookup) {
  return withLazyLinks({
    kind: segment.kind.toUpperCase(),
    text: segment.text,
    iconId: segment.kind === 'icon' ? segment.iconId : null,
    icon: () => {
      if (segment.kind !== 'icon') return null;
      const icons = lookup.icons(gameId);
      const icon = icons.icon(segment.iconId);
      return icon ? iconView(icon, icons) : null;
    },
    targetId: segment.kind === 'link' ? segment.target : null,
    target: () => (segment.kind === 'link' ? (lookup.get(segment.target) ?? null) : null),
  });
}

/**
 * The graph's view of one pack item: the item, the fields its registry
 * entry adds, and every printed text cut into segments. Built once at
 * start, so no request pays for segmenting.
 */
export function itemView(item: ContentItem, lookup: CatalogLookup, library: { get(id: string): ContentItem | undefined }): ItemView {
  const gameId = item.kind === 'game' ? item.id : item.gameId;
  const entry = kindEntry(item.kind);
  const fields = { ...item, gameId, ...(entry.view?.(item, lookup) ?? {}) } as Record<string, unknown>;
  const sources = { canonicalIconId: (spelling: string) => lookup.icons(gameId).canonicalId(spelling), links: linkPhrases(item, library) };
  const segmentsOf = (text: string) => segmentText(text, sources).map((segment) => segmentView(segment, gameId, lookup));

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
