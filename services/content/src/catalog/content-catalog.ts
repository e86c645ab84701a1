import { ContentItem, ContentKindRegistry, ContentLibrary, ContentViews } from '@scriptbook/content';
import { SearchIndex } from '../search/search-index';
import { searchDocumentOf } from '../search/search-documents';

/** The packs as the graph serves them, with the search index over them, all built once at start. */
export class ContentCatalog extends ContentViews {
  readonly search: SearchIndex;

  constructor(library: ContentLibrary, kinds: ContentKindRegistry) {
    super(library, kinds);
    this.search = new SearchIndex(this.ids().map((id) => searchDocumentOf(library.get(id) as ContentItem)));
  }
}
