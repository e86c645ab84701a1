import { Injectable } from '@nestjs/common';
import { ContentItem, ContentKind, ContentLibrary, IconCatalogue } from '@scriptbook/content';
import { KindGroup } from '../kinds/kind-entry';
import { kindsInGroup } from '../kinds/registry';
import { SearchIndex } from '../search/search-index';
import { searchDocumentOf } from '../search/search-documents';
import { CatalogLookup, ItemView } from './catalog-lookup';
import { itemView } from './item-view';
import { SegmentView, textSegmenter } from './segment-view';

/**
 * The packs as the graph serves them: one view per item, indexes by kind
 * and game, and the search index, all built once at start. Content is
 * read-only per release, so nothing here changes after construction.
 */
@Injectable()
export class ContentCatalog implements CatalogLookup {
  private readonly views = new Map<string, ItemView>();
  private readonly byKindAndGame = new Map<string, ItemView[]>();
  readonly search: SearchIndex;
  readonly segmentsOf: (item: ContentItem, text: string) => SegmentView[];

  constructor(readonly library: ContentLibrary) {
    this.segmentsOf = textSegmenter(library, this);
    const ordered = [...library.packs.flatMap((pack) => pack.itemIds)].sort();
    for (const id of ordered) {
      const view = itemView(library.get(id)!, this);
      this.views.set(id, view);
      for (const key of [view.kind, `${view.kind}@${view.gameId}`]) {
        const list = this.byKindAndGame.get(key) ?? [];
        list.push(view);
        this.byKindAndGame.set(key, list);
      }
    }
    this.search = new SearchIndex(ordered.map((id) => searchDocumentOf(library.get(id)!)));
  }

  get(id: string): ItemView | undefined {
    return this.views.get(id);
  }

  getOfKinds(id: string, kinds: readonly ContentKind[]): ItemView | undefined {
    const view = this.views.get(id);
    return view && kinds.includes(view.kind) ? view : undefined;
  }

  /** Items of the kinds, optionally of one game, sorted by id. */
  ofKinds(kinds: readonly ContentKind[], gameId?: string): readonly ItemView[] {
    const lists = kinds.map((kind) => this.byKindAndGame.get(gameId ? `${kind}@${gameId}` : kind) ?? []);
    if (lists.length === 1) return lists[0];
    return lists.flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  ofGroup(group: KindGroup, gameId?: string): readonly ItemView[] {
    return this.ofKinds(kindsInGroup(group), gameId);
  }

  icons(gameId: string): IconCatalogue {
    return this.library.iconCatalogue(gameId);
  }

  isGame(id: string): boolean {
    return this.library.isGame(id);
  }
}
