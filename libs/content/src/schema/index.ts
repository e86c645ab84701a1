import { z } from 'zod';
import { BaseItem } from './common';

export * from './common';
export * from './game';
export * from './item-link';
export * from './shared-kinds';

/**
 * An item of any kind as the library holds it: what every item has, and its
 * kind's own fields. The kinds themselves are described where their game is
 * (`libs/games`), so the library never names one; code that knows a kind
 * narrows with the kind's own schema type.
 */
export type ContentItem = z.infer<typeof BaseItem> & { readonly kind: string; readonly gameId?: string; readonly [field: string]: unknown };
export type ContentKind = ContentItem['kind'];

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
