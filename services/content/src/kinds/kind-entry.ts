import type { Type } from '@nestjs/common';
import type { ContentItem, ContentKind, ItemOfKind } from '@scriptbook/content';
import type { CatalogLookup } from '../catalog/catalog-lookup';

/** The interfaces and unions a kind is also served through. */
export type KindGroup = 'card' | 'scenario' | 'map';

/**
 * Everything the graph needs to serve one content kind: its GraphQL object
 * type, the interfaces or unions it belongs to, whether the gateway may
 * reference it as an entity by its own type name, and the fields its type
 * adds to the pack item. One entry per kind, in its game's `<game>.kinds.ts`.
 */
export interface ContentKindEntry<K extends ContentKind = ContentKind> {
  readonly type: Type<unknown>;
  readonly groups?: readonly KindGroup[];
  /** Resolves `_entities` references that name this kind's type itself (`ZsCard`, not only `Card`). */
  readonly entity?: boolean;
  /** Fields the GraphQL type adds or reshapes; function values become lazy getters (links to other items). */
  readonly view?: (item: ItemOfKind<K>, lookup: CatalogLookup) => Record<string, unknown>;
}

/** A game's entries, keyed by kind, each checked against its own item type. */
export type KindEntries<K extends ContentKind> = { readonly [Kind in K]: ContentKindEntry<Kind> };

export type AnyKindEntry = ContentKindEntry<ContentKind> & { readonly view?: (item: ContentItem, lookup: CatalogLookup) => Record<string, unknown> };
