import { z } from 'zod';
import { ContentId, Gap, Provenance } from '../schema/common';

/** One printed pictogram of a game, named by a canonical id. */
export const IconEntry = z.object({
  id: ContentId,
  /** The printed spelling the id was named after, without brackets. */
  name: z.string().min(1),
  provenance: Provenance,
  /** What the icon means, in our words, only where the seed states it; null otherwise (with a gap). */
  meaning: z.string().min(1).nullable(),
  /** The seed line the meaning is read from. */
  meaningSource: z.string().min(1).optional(),
  /** The die whose results the seed reads this icon as, with the line that shows it. */
  rolledOn: z.object({ dieId: ContentId, source: z.string().min(1) }).optional(),
  gaps: z.array(Gap).default([]),
});

/** A bracketed spelling as it appears in the pack texts, mapped onto one icon. */
export const IconSpelling = z.object({
  spelling: z.string().regex(/^\[[^[\]]+\]$/, 'a spelling is the bracketed text as printed, e.g. "[yellow icon]"'),
  iconId: ContentId,
  /** Why two spellings are read as one icon, when the seed does not say so itself. */
  note: z.string().min(1).optional(),
});

/** A bracketed text that is not an icon (a restored word, a transcriber's remark), with why. */
export const NotAnIcon = z.object({
  text: z.string().regex(/^\[[^[\]]+\]$/),
  note: z.string().min(1),
});

/** `icons.json` beside a pack's `pack.json`: the game's icon catalogue. */
export const IconCatalogueFile = z.object({
  gameId: ContentId,
  icons: z.array(IconEntry),
  spellings: z.array(IconSpelling),
  notIcons: z.array(NotAnIcon).default([]),
});

export type IconEntry = z.infer<typeof IconEntry>;
export type IconSpelling = z.infer<typeof IconSpelling>;
export type NotAnIcon = z.infer<typeof NotAnIcon>;
export type IconCatalogueFile = z.infer<typeof IconCatalogueFile>;
