import type { Type } from '@nestjs/common';
import type { ContentKind } from '@scriptbook/content';
import { HOPE_KINDS } from './hope/hope.kinds';
import { AnyKindEntry, ContentKindEntry, KindGroup } from './kind-entry';
import { SHARED_KINDS } from './shared/shared.kinds';
import { ZS_KINDS } from './stalker-zs/zs.kinds';
import { TWOM_KINDS } from './twom/twom.kinds';

/**
 * One entry per content kind, each game's entries in its own folder. Typed
 * over every kind of the pack schema, so a kind without an entry does not
 * compile. Adding a game is its folder and one line here.
 */
export const CONTENT_KIND_REGISTRY: { readonly [K in ContentKind]: ContentKindEntry<K> } = {
  ...SHARED_KINDS,
  ...TWOM_KINDS,
  ...HOPE_KINDS,
  ...ZS_KINDS,
};

export const CONTENT_KINDS = Object.keys(CONTENT_KIND_REGISTRY) as ContentKind[];

export function isContentKind(kind: string): kind is ContentKind {
  return Object.prototype.hasOwnProperty.call(CONTENT_KIND_REGISTRY, kind);
}

export function kindEntry(kind: string): AnyKindEntry {
  if (!isContentKind(kind)) throw new Error(`no registry entry serves content kind "${kind}"`);
  return CONTENT_KIND_REGISTRY[kind] as AnyKindEntry;
}

/** The kinds served through one interface or union, e.g. every `card` kind behind `Card`. */
export function kindsInGroup(group: KindGroup): ContentKind[] {
  return CONTENT_KINDS.filter((kind) => kindEntry(kind).groups?.includes(group));
}

/** Every object type that serves a kind; many are reachable only through an interface, so the schema is told of them. */
export function contentItemTypes(): Type<unknown>[] {
  return [...new Set(CONTENT_KINDS.map((kind) => kindEntry(kind).type))];
}

/** The members of the `GameMap` union. */
export function mapTypes(): Type<unknown>[] {
  return kindsInGroup('map').map((kind) => kindEntry(kind).type);
}

/** Kinds the gateway may reference by their own type name. */
export function entityKinds(): ContentKind[] {
  return CONTENT_KINDS.filter((kind) => kindEntry(kind).entity);
}
