import { z } from 'zod';
import { GameItem, ModuleItem } from './game';
import { hopeKinds, hopeLinks } from './hope';
import { sharedKinds, sharedLinks } from './shared-kinds';
import { zsKinds, zsLinks } from './stalker-zs';
import { twomKinds, twomLinks } from './twom';

export * from './common';
export * from './game';
export * from './shared-kinds';
export * from './twom';
export * from './hope';
export * from './stalker-zs';
export * from './zs-card-ids';

/**
 * Every kind of content item, discriminated by `kind`: the one source of
 * truth for validation and for the TypeScript types.
 */
export const ContentItem = z.discriminatedUnion('kind', [
  GameItem,
  ModuleItem,
  ...sharedKinds,
  ...twomKinds,
  ...hopeKinds,
  ...zsKinds,
]);
export type ContentItem = z.infer<typeof ContentItem>;
export type ContentKind = ContentItem['kind'];
export type ItemOfKind<K extends ContentKind> = Extract<ContentItem, { kind: K }>;

/**
 * The ids an item points at, for link checking. A reference to a book the
 * seeds do not contain is an external reference, not an id, and is not listed.
 */
export function linksOf(item: ContentItem): string[] {
  if (item.kind === 'game') return [];
  if (item.kind === 'module') return [item.gameId, ...(item.parentModuleId ? [item.parentModuleId] : [])];
  return sharedLinks(item) ?? twomLinks(item) ?? hopeLinks(item) ?? zsLinks(item) ?? [];
}

/** A pack's manifest, `pack.json` at the root of its folder. */
export const PackManifest = z.object({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'a semantic version, e.g. 1.0.0'),
  seed: z.string().regex(/^\d{3}$/),
  description: z.string().min(1),
  /** Data files of the pack, relative to its folder, each `{ "items": [...] }`. */
  files: z.array(z.string().regex(/^[a-z0-9/_-]+\.json$/)).min(1),
});
export type PackManifest = z.infer<typeof PackManifest>;

export const PackDataFile = z.object({ items: z.array(z.unknown()) });
