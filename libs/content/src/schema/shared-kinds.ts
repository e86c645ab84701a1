import { z } from 'zod';
import { BaseItem, ContentId } from './common';

/**
 * Kinds every game uses in the same shape. Game-specific kinds live in the
 * game's own schema module (`twom.ts`, `hope.ts`, `stalker-zs.ts`) and are
 * named with the game's prefix where their shape is the game's own.
 */

/** One row of a roll table: an inclusive face range and what it means. */
export const RollTableRow = z.object({
  min: z.number().int(),
  max: z.number().int(),
  outcome: z.string().min(1),
});

/** A table read against a die: "Roll the Black die: 1-4 ..., 5-7 ..., 8-10 ...". */
export const RollTableItem = BaseItem.extend({
  kind: z.literal('roll-table'),
  gameId: ContentId,
  moduleId: ContentId.optional(),
  /** Id of a `die` item. */
  dieId: ContentId,
  /** The rulebook sentence the table was read from. */
  text: z.string().min(1),
  rows: z.array(RollTableRow).min(1),
});

/**
 * A die as data. Numbered dice list their numbers; custom dice list symbols.
 * Where the seeds name a die but do not list its faces, `faces` is null and a
 * gap says so, unless a documented assumption supplies them (`facesSource`).
 */
export const DieItem = BaseItem.extend({
  kind: z.literal('die'),
  gameId: ContentId,
  faces: z.array(z.union([z.number(), z.string()])).min(2).nullable(),
  facesSource: z.enum(['seed', 'assumption', 'unknown']),
  assumptionNote: z.string().optional(),
});

/** A part of the rules in prose, split by heading. */
export const RuleSectionItem = BaseItem.extend({
  kind: z.literal('rule-section'),
  gameId: ContentId,
  moduleId: ContentId.optional(),
  /** Headings from the top of the document down to this section. */
  headingPath: z.array(z.string().min(1)).min(1),
  order: z.number().int().nonnegative(),
  text: z.string().min(1),
});

/** A deck of cards; its cards point at it with `deckId`. */
export const DeckItem = BaseItem.extend({
  kind: z.literal('deck'),
  gameId: ContentId,
  moduleId: ContentId.optional(),
  /** How many cards the seed says the deck has, when it says so. */
  cardCount: z.number().int().positive().optional(),
  description: z.string().optional(),
});

/** An icon or term explained by a glossary. */
export const GlossaryEntryItem = BaseItem.extend({
  kind: z.literal('glossary-entry'),
  gameId: ContentId,
  moduleId: ContentId.optional(),
  text: z.string().min(1),
});

export const sharedKinds = [RollTableItem, DieItem, RuleSectionItem, DeckItem, GlossaryEntryItem] as const;

type SharedItem = z.infer<(typeof sharedKinds)[number]>;

export function sharedLinks(item: { kind: string }): string[] | undefined {
  const shared = item as SharedItem;
  switch (shared.kind) {
    case 'roll-table':
      return [shared.gameId, shared.dieId, ...(shared.moduleId ? [shared.moduleId] : [])];
    case 'die':
      return [shared.gameId];
    case 'rule-section':
    case 'deck':
    case 'glossary-entry':
      return [shared.gameId, ...(shared.moduleId ? [shared.moduleId] : [])];
    default:
      return undefined;
  }
}
