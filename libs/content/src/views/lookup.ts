import type { IconCatalogue } from '../icons/icon-catalogue';
import type { KindGroup } from '../kinds/groups';

/**
 * A content item as the graph serves it: the pack item itself plus the
 * fields its kind's view adds. Links to other items are getters, so they
 * are looked up only when a query asks for them and views can point at
 * each other without building a cyclic graph up front.
 */
export type ItemView = { readonly id: string; readonly kind: string; readonly name: string; readonly gameId: string } & Record<string, unknown>;

/** The pack item a view is made from: what segmenting needs of it. */
export interface ViewedItem {
  readonly id: string;
  readonly kind: string;
  readonly gameId?: string;
}

/** What a kind's view may look up while it is built: other items, groups, icons and the segments of a text. */
export interface ContentLookup {
  get(id: string): ItemView | undefined;
  ofKinds(kinds: readonly string[], gameId?: string): readonly ItemView[];
  ofGroup(group: KindGroup, gameId?: string): readonly ItemView[];
  icons(gameId: string): IconCatalogue;
  /** A text of the item cut into segment views (words, icons, links), for a view to serve beside the text. */
  segmentsOf(item: ViewedItem, text: string): readonly object[];
}

/** The game an item belongs to; a game is its own. */
export function gameIdOf(item: ViewedItem): string {
  return item.gameId ?? item.id;
}
