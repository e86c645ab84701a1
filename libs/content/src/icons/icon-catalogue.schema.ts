import { z } from 'zod';
import { named } from '@scriptbook/schema';
import { ContentId, Gap, Provenance } from '../schema/common';

/** One printed pictogram of a game, named by a canonical id. */
export const IconEntry = z.object({
  id: ContentId.describe('Canonical id, `<game>:icon:<slug>`; the same for every spelling of the icon.'),
  name: z.string().min(1).describe('The printed spelling the id is named after, without brackets.'),
  provenance: Provenance.describe('The rulebook and heading the icon is catalogued from.'),
  meaning: z.string().min(1).nullable().describe('What the icon means, only where the rulebook states it; null otherwise (see gaps).'),
  meaningSource: z.string().min(1).optional().describe('The rulebook line the meaning is read from.'),
  rolledOn: named(
    'IconRoll',
    z
      .object({
        dieId: ContentId.describe('The die item whose results include the icon.'),
        source: z.string().min(1).describe('The rulebook line in which the icon is a result of that die.'),
      })
      .describe('The die an icon is read as a result of, and the rulebook line that shows it.'),
  )
    .optional()
    .describe('Set when the rulebook reads this icon as a result of a die roll.'),
  gaps: z.array(Gap).default([]).describe('What the rulebook does not say about the icon, usually its meaning.'),
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
