import { z } from 'zod';
import { named } from '@scriptbook/platform/graphql/zod';
import { plainText } from '@scriptbook/platform';

/** A free-text label a player types (a resource, a fitting, a script number): the seeds name these, the app passes them on. */
export const label = (description: string) => plainText({ maxLength: 80 }).describe(description);

export const noteSchema = named(
  'CampaignNote',
  z
    .object({
      text: z.string().describe('What the player wrote, trimmed plain text.'),
    })
    .describe('A note kept with the campaign.'),
);

export const notesSchema = z.array(noteSchema).describe('Notes in the order they were added.');

export const noteArgs = z.object({ text: plainText({ maxLength: 500 }).describe('1 to 500 characters of plain text.') }).strict();

/** A count that never goes below zero: storage, dice, collected value. */
export const nonNegative = (description: string) => z.number().int().min(0).describe(description);

/** The generator state a deck's stream continues from; the engine's own shape, under a name of this subgraph. */
export const deckRngStateSchema = named(
  'CampaignRngState',
  z
    .object({
      s0: z.number().describe('Generator lag s0.'),
      s1: z.number().describe('Generator lag s1.'),
      s2: z.number().describe('Generator lag s2.'),
      c: z.number().int().describe('Generator carry.'),
    })
    .describe('Where the campaign’s random stream stands; the next shuffle continues from it, so every device sees the same cards.'),
);
