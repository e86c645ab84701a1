import type { ContentItem, LinkPhrase, TextSegment } from '@scriptbook/content';
import { segmentText } from '@scriptbook/content';
import { CatalogLookup, withLazyLinks } from './catalog-lookup';
import { iconView } from './icon-view';

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

export type SegmentView = ReturnType<typeof segmentView>;

/**
 * Cuts the texts of an item into segment views: icons from its game's
 * catalogue, links where the text names one of the item's links.
 */
export function textSegmenter(library: { get(id: string): ContentItem | undefined }, lookup: CatalogLookup) {
  const phrases = new Map<string, LinkPhrase[]>();
  return (item: ContentItem, text: string): SegmentView[] => {
    const gameId = item.kind === 'game' ? item.id : item.gameId;
    let links = phrases.get(item.id);
    if (!links) {
      links = linkPhrases(item, library);
      phrases.set(item.id, links);
    }
    const icons = lookup.icons(gameId);
    return segmentText(text, { canonicalIconId: (spelling) => icons.canonicalId(spelling), links }).map((segment) =>
      segmentView(segment, gameId, lookup),
    );
  };
}
