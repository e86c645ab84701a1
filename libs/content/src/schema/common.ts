import { z } from 'zod';
import { describedEnum, graphqlId, named } from '@scriptbook/schema';
import { pointsAt } from '../kinds/annotations';

/**
 * Stable, human-readable ids: `<game>:<kind>:<slug>`, lower case, such as
 * `<game>:scenario:boss-hunt` or `<game>:script:042`. A game's own id is the
 * bare prefix. Ids never change once published.
 */
export const ContentId = graphqlId(
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9]+(?:[-.][a-z0-9]+)*)*$/, 'ids are lower-case words joined by - and :'),
);

/** Where an item's text or numbers come from: the seed file and its heading. */
export const Provenance = named(
  'Provenance',
  z
    .object({
      seed: z.string().regex(/^\d{3}$/, 'the three-digit rulebook number, e.g. "004"').describe('Three-digit rulebook number, e.g. `004`.'),
      section: z.string().min(1).describe('The heading of the rulebook the text is quoted from.'),
    })
    .describe('Where an item comes from: the rulebook and its heading.'),
);

/**
 * A part the seed itself says is absent: illegible, missing, not reproduced,
 * or simply not given. `note` quotes or paraphrases the seed's own remark, so
 * a frontend can show the gap instead of silently dropping the part.
 */
export const Gap = named(
  'Gap',
  z
    .object({
      kind: describedEnum('GapKind', {
        illegible: 'printed but unreadable',
        missing: 'missing from the source',
        'not-reproduced': 'the rulebook chose not to copy it',
        'not-given': 'the rules point at it, the rulebook does not give it',
      }).describe('Why the part is absent.'),
      field: z.string().min(1).optional().describe('The field the gap is in, when it is one field; that field is then null or empty.'),
      note: z.string().min(1).describe("The rulebook's own remark about the absent part, quoted or paraphrased; show it in place of the part."),
    })
    .describe('A part of the item the rulebook says is absent; show it instead of dropping the part.'),
);

/**
 * A pointer into a book the seeds do not contain (a Book of Scripts, a page
 * of a base rulebook, an expansion). `book` is null when the seed cites a
 * place without naming the book it is in.
 */
export const ExternalRef = named(
  'ExternalRef',
  z
    .object({
      book: z.string().min(1).nullable().describe('The book, e.g. `Book of Scripts`; null when the rulebook does not name it.'),
      ref: z.string().min(1).describe('The place in that book as printed, e.g. a script number or page.'),
    })
    .describe('A pointer into a book the rulebooks do not contain; data, never an id.'),
);

/** A titled piece of text: an ability, a special rule. */
export const NamedText = named(
  'NamedText',
  z
    .object({
      name: z.string().min(1).describe('The title as printed.'),
      text: z.string().min(1).describe('The text as printed.'),
    })
    .describe('A titled piece of text (an ability, a special rule, a card option).'),
);

/** The game an item belongs to. */
export const GameId = pointsAt(ContentId).describe('The game the item belongs to; a game is its own game.');

/**
 * What an item's name is. Not every name is printed: a thing the rulebook
 * gives no title (a numbered Script, a list of rules) is named by a label of
 * ours, which the content audit declares editorial kind by kind.
 */
export const ITEM_NAME_DESCRIPTION =
  'For headings and lists: the name as the rulebook prints it (a card, a Scenario, a rule section), or, for a thing the rulebook gives no title of its own, a label made from its words ("Dusk: food", "Core game", or a printed number after the word for what it numbers). The item does not say which of the two its name is; docs/content.md lists the kinds whose names are labels.';

/** Fields every content item carries. */
export const BaseItem = z.object({
  id: ContentId.describe('Stable id, `<game>:<kind>:<slug>` (a game is its bare prefix); safe to store, never changes.'),
  name: z.string().min(1).describe(ITEM_NAME_DESCRIPTION),
  provenance: Provenance.describe('The rulebook and heading the text is quoted from; show it as the source.'),
  gaps: z.array(Gap).default([]).describe('Parts the rulebook leaves out; show each note where the part would be.'),
});

export type Provenance = z.infer<typeof Provenance>;
export type Gap = z.infer<typeof Gap>;
export type ExternalRef = z.infer<typeof ExternalRef>;
