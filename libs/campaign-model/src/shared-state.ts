import { z } from 'zod';
import { named, plainText, recordKey, storedRecordKey } from '@scriptbook/schema';

/** A free-text label a player types (a fitting, a script number, a state): the rulebooks name these, the app passes them on. */
export const label = (description: string) => plainText({ maxLength: 80 }).describe(description);

/**
 * A name that becomes the key of one of the state's records (a Character, a
 * resource, a track, a player): a label that is not a name every object
 * already answers to (`__proto__`, `constructor`, ...), refused with rule
 * `reserved-key`. Every action arg that names a record entry is one of these.
 */
export const stateKey = (description: string) => recordKey({ maxLength: 80 }).describe(description);

const CONTENT_ID = /^[a-z0-9-]+(:[a-z0-9-]+)+$/;

/**
 * The content id of an item the packs hold (a Scenario, a Map, a card), as
 * the content subgraph and every other mutation name it: `prefix` is the
 * kind's (`<game>:scenario:`), refused otherwise with rule `content-id`. The
 * action cannot see the packs, so an id of the right form that no pack holds
 * is accepted; `recordScenarioOutcome` and scoring check it against them.
 */
export const contentId = (prefix: string, description: string) =>
  z
    .string()
    .max(160)
    .refine((id) => id.startsWith(prefix) && CONTENT_ID.test(id), {
      message: `must be a content id of the form ${prefix}<name>, as the content subgraph gives it`,
      params: { rule: 'content-id' },
    })
    .describe(description);

/** A record of the stored state, by names `stateKey` accepted: a stored reserved name breaks the state's schema. */
export const stateRecord = <V extends z.ZodTypeAny>(value: V) => z.record(storedRecordKey, value);

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

/** A change to a count: a whole number in `[-limit, limit]` that is not 0 (rule `not-zero`), since 0 would change nothing. */
export const countChange = (limit: number, description: string) =>
  z
    .number()
    .int()
    .min(-limit)
    .max(limit)
    .refine((n) => n !== 0, { message: 'must not be 0', params: { rule: 'not-zero' } })
    .describe(description);
