import type { ContentKindRegistry } from '../kinds/registry';
import { LinkPhrase, segmentText, TextSegment } from '../text/text-segments';
import { iconView } from './icon-view';
import { withLazyLinks } from './lazy-fields';
import { ContentLookup, gameIdOf, ViewedItem } from './lookup';

type RawItem = { readonly id: string; readonly kind: string; readonly name: string };

/** How the items an item's texts cite are named there: as each target's kind says (a script by its number), by name otherwise. */
function linkPhrases(item: ViewedItem, library: { get(id: string): RawItem | undefined }, kinds: ContentKindRegistry): LinkPhrase[] {
  return kinds.citedIdsOf(item).flatMap((id): LinkPhrase[] => {
    const target = library.get(id);
    return target ? [{ target: target.id, ...kinds.citationOf(target) }] : [];
  });
}

function segmentView(segment: TextSegment, gameId: string, lookup: ContentLookup) {
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
 * catalogue, links where the text names an item the item cites.
 */
export function textSegmenter(library: { get(id: string): RawItem | undefined }, kinds: ContentKindRegistry, lookup: ContentLookup) {
  const phrases = new Map<string, LinkPhrase[]>();
  return (item: ViewedItem, text: string): SegmentView[] => {
    const gameId = gameIdOf(item);
    let links = phrases.get(item.id);
    if (!links) {
      links = linkPhrases(item, library, kinds);
      phrases.set(item.id, links);
    }
    const icons = lookup.icons(gameId);
    return segmentText(text, { canonicalIconId: (spelling) => icons.canonicalId(spelling), links }).map((segment) => segmentView(segment, gameId, lookup));
  };
}
