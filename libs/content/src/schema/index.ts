import { z } from 'zod';
import { GameItem, ModuleItem } from './game';

export * from './common';
export * from './game';

/**
 * Every kind of content item, discriminated by `kind`. Game-specific kinds
 * are added here as their schema modules are written; this union is the one
 * source of truth for both validation and the TypeScript types.
 */
export const ContentItem = z.discriminatedUnion('kind', [GameItem, ModuleItem]);
export type ContentItem = z.infer<typeof ContentItem>;
export type ContentKind = ContentItem['kind'];
export type ItemOfKind<K extends ContentKind> = Extract<ContentItem, { kind: K }>;

/**
 * The ids an item points at, for link checking. Kinds with links add a case;
 * a link that the seeds point outside themselves (a book they do not contain)
 * is an external reference, not an id, and is not listed here.
 */
export function linksOf(item: ContentItem): string[] {
  switch (item.kind) {
    case 'module':
      return [item.gameId, ...(item.parentModuleId ? [item.parentModuleId] : [])];
    default:
      return [];
  }
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
