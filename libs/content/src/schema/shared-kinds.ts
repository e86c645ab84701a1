import { z } from 'zod';
import { describedEnum, graphqlId, named } from '@scriptbook/schema';
import { pointsAt, withSegments } from '../kinds/annotations';
import { defineContentKind } from '../kinds/descriptor';
import { BaseItem, ContentId, GameId } from './common';
import { gameKind, moduleKind } from './game';

/**
 * Kinds every game uses in the same shape. A game's own kinds live in the
 * game's own schema module and are named with the game's prefix.
 */

const ModuleId = pointsAt(ContentId).optional().describe('The module the item belongs to, when the game has several.');

/** One row of a roll table: an inclusive face range and what it means. */
export const RollTableRow = named(
  'RollTableRow',
  z
    .object({
      min: z.number().int().describe('Lowest face of the range, inclusive.'),
      max: z.number().int().describe('Highest face of the range, inclusive.'),
      outcome: z.string().min(1).describe('What a roll in the range means, as printed.'),
    })
    .describe('An inclusive range of die faces and what it means.'),
);

/** A table read against a die: "Roll the Black die: 1-4 ..., 5-7 ..., 8-10 ...". */
export const RollTableItem = BaseItem.extend({
  kind: z.literal('roll-table'),
  gameId: GameId,
  moduleId: ModuleId,
  dieId: pointsAt(ContentId).describe('The die rolled against the table (a `die` item).'),
  text: withSegments(z.string().min(1)).describe('The rulebook sentence the table was read from.'),
  rows: z.array(RollTableRow).min(1).describe('The ranges in printed order.'),
});

/**
 * A die as data. Numbered dice list their numbers; custom dice list symbols.
 * Where the seeds name a die but do not list its faces, `faces` is null and a
 * gap says so, unless a documented assumption supplies them (`facesSource`).
 */
export const DieItem = BaseItem.extend({
  kind: z.literal('die'),
  gameId: GameId,
  faces: z
    .array(z.union([z.number(), z.string()]))
    .min(2)
    .nullable()
    .describe('Numbers or symbols, as text; null when the rulebooks do not list the faces (see gaps).'),
  facesSource: describedEnum('DieFacesSource', {
    seed: 'the rulebook lists the faces',
    assumption: 'a documented default, see assumptionNote',
    unknown: 'the rulebooks do not give them',
  }).describe('Where the faces come from.'),
  assumptionNote: z.string().optional().describe('Why the assumed faces were chosen, when facesSource is `assumption`.'),
});

/** A part of the rules in prose, split by heading. */
export const RuleSectionItem = BaseItem.extend({
  kind: z.literal('rule-section'),
  gameId: GameId,
  moduleId: ModuleId,
  headingPath: z.array(z.string().min(1)).min(1).describe('Headings from the top of the document down to this section.'),
  order: z.number().int().nonnegative().describe('Position within its module, for reading order.'),
  text: withSegments(z.string().min(1)).describe('The section as printed; paragraphs are separated by blank lines, bullets start with "• ".'),
});

/** A deck of cards; its cards point at it with `deckId`. */
export const DeckItem = BaseItem.extend({
  kind: z.literal('deck'),
  gameId: GameId,
  moduleId: ModuleId,
  cardCount: z.number().int().positive().optional().describe('How many cards the rulebook says the deck has; null when it does not say.'),
  description: z.string().optional().describe('What the deck is for, from the rulebook.'),
});

/** An icon or term explained by a glossary. */
export const GlossaryEntryItem = BaseItem.extend({
  kind: z.literal('glossary-entry'),
  gameId: GameId,
  moduleId: ModuleId,
  text: withSegments(z.string().min(1)).describe('The explanation as printed.'),
});

/** Kinds every game uses in the same shape, the game itself first. */
export const sharedContentKinds = [
  gameKind,
  moduleKind,
  defineContentKind({
    schema: RollTableItem,
    graphqlName: 'RollTable',
    description: 'A table read against a die roll.',
    gameList: { field: 'rollTables', description: 'Tables read against a die roll, by id.' },
  }),
  defineContentKind({
    schema: DieItem,
    graphqlName: 'Die',
    description: 'A die as data.',
    gameList: { field: 'dice', description: 'The dice of the game, by id.' },
    viewFields: {
      faceIconIds: z
        .array(graphqlId(z.string()).nullable())
        .nullable()
        .describe(
          'The canonical icon id of each face in `faces`, in the same order, for faces that are icons; null entries are numbers. Null when `faces` is.',
        ),
    },
    view: (item, lookup) => ({
      faceIconIds: item.faces && item.faces.map((face) => (typeof face === 'string' ? (lookup.icons(item.gameId).canonicalId(face) ?? null) : null)),
    }),
  }),
  defineContentKind({ schema: RuleSectionItem, graphqlName: 'RuleSection', description: 'A part of the rules in prose, split by heading.' }),
  defineContentKind({
    schema: DeckItem,
    graphqlName: 'Deck',
    description: 'A deck of cards.',
    gameList: { field: 'decks', description: 'Every deck of the game, by id.' },
  }),
  defineContentKind({
    schema: GlossaryEntryItem,
    graphqlName: 'GlossaryEntry',
    description: 'An icon or term explained by a glossary.',
    gameList: { field: 'glossary', description: 'Glossary entries of the game, by id.' },
  }),
] as const;
