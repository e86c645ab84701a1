import { z } from 'zod';

/**
 * Stable, human-readable ids: `<game>:<kind>:<slug>`, lower case, for example
 * `stalker-zs:scenario:boss-hunt` or `stalker-zs:script:042`. A game's own id
 * is the bare prefix (`stalker-zs`). Ids never change once published.
 */
export const ContentId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9]+(?:[-.][a-z0-9]+)*)*$/, 'ids are lower-case words joined by - and :');

/** Where an item's text or numbers come from: the seed file and its heading. */
export const Provenance = z.object({
  seed: z.string().regex(/^\d{3}$/, 'the three-digit seed number, e.g. "004"'),
  section: z.string().min(1),
});

/**
 * A part the seed itself says is absent: illegible, missing, not reproduced,
 * or simply not given. `note` quotes or paraphrases the seed's own remark, so
 * a frontend can show the gap instead of silently dropping the part.
 */
export const Gap = z.object({
  kind: z.enum(['illegible', 'missing', 'not-reproduced', 'not-given']),
  field: z.string().min(1).optional(),
  note: z.string().min(1),
});

/** Fields every content item carries. */
export const BaseItem = z.object({
  id: ContentId,
  name: z.string().min(1),
  provenance: Provenance,
  gaps: z.array(Gap).default([]),
});

export type Provenance = z.infer<typeof Provenance>;
export type Gap = z.infer<typeof Gap>;
