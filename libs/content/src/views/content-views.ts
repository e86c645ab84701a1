import type { ContentLibrary } from '../content-library';
import type { IconCatalogue } from '../icons/icon-catalogue';
import type { KindGroup } from '../kinds/groups';
import type { ContentKindRegistry } from '../kinds/registry';
import { itemView } from './item-view';
import { ContentLookup, ItemView, ViewedItem } from './lookup';
import { textSegmenter } from './segment-view';

/**
 * The packs as the graph serves them: one view per item and indexes by kind
 * and game, built once. Content is read-only per release, so nothing here
 * changes after construction.
 */
export class ContentViews implements ContentLookup {
  private readonly views = new Map<string, ItemView>();
  private readonly byKindAndGame = new Map<string, ItemView[]>();
  private readonly groupKinds = new Map<KindGroup, string[]>();
  readonly segmentsOf: (item: ViewedItem, text: string) => readonly object[];

  constructor(
    readonly library: ContentLibrary,
    readonly kinds: ContentKindRegistry,
  ) {
    this.segmentsOf = textSegmenter(library, kinds, this);
    for (const id of this.ids()) {
      const view = itemView(library.get(id)!, kinds, this);
      this.views.set(id, view);
      for (const key of [view.kind, `${view.kind}@${view.gameId}`]) {
        const list = this.byKindAndGame.get(key) ?? [];
        list.push(view);
        this.byKindAndGame.set(key, list);
      }
    }
  }

  /** Every item id, in the order lists are served in. */
  ids(): string[] {
    return this.library.packs.flatMap((pack) => pack.itemIds).sort();
  }

  get(id: string): ItemView | undefined {
    return this.views.get(id);
  }

  getOfKinds(id: string, kinds: readonly string[]): ItemView | undefined {
    const view = this.views.get(id);
    return view && kinds.includes(view.kind) ? view : undefined;
  }

  /** Items of the kinds, optionally of one game, sorted by id. */
  ofKinds(kinds: readonly string[], gameId?: string): readonly ItemView[] {
    const lists = kinds.map((kind) => this.byKindAndGame.get(gameId ? `${kind}@${gameId}` : kind) ?? []);
    if (lists.length === 1) return lists[0];
    return lists.flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  ofGroup(group: KindGroup, gameId?: string): readonly ItemView[] {
    let kinds = this.groupKinds.get(group);
    if (!kinds) {
      kinds = this.kinds.inGroup(group);
      this.groupKinds.set(group, kinds);
    }
    return this.ofKinds(kinds, gameId);
  }

  icons(gameId: string): IconCatalogue {
    return this.library.iconCatalogue(gameId);
  }

  isGame(id: string): boolean {
    return this.library.isGame(id);
  }
}
