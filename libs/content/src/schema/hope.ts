import { z } from 'zod';
import { BaseItem, ContentId } from './common';

/**
 * Content kinds of Hope Inhumanity (003) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 */

const HopeItem = BaseItem.extend({
  gameId: ContentId,
  /** Expansions the seed names but does not contain (Martial Law). */
  externalRefs: z.array(z.object({ book: z.string().min(1).nullable(), ref: z.string().min(1) })).default([]),
});

/** A type of card laid out at setup, with where it goes. */
export const HopeCardTypeItem = HopeItem.extend({
  kind: z.literal('hope-card-type'),
  category: z.enum(['dice', 'scene', 'character', 'condition']),
  /** Where the cards go at setup. */
  placement: z.enum(['each-player', 'center', 'scene-decks', 'near-scene-decks', 'nearby']),
  /** The setup line the type is read from. */
  text: z.string().min(1),
  /** An expansion the type belongs to, when it is not the base game. */
  expansion: z.string().min(1).optional(),
});

/** The shape of a game: rounds, play order, what a die counts as, how a round ends. */
export const HopeGameStructureItem = HopeItem.extend({
  kind: z.literal('hope-game-structure'),
  rounds: z.number().int().positive(),
  playOrder: z.enum(['clockwise', 'counter-clockwise']),
  /** Faces that count as a success on any die rolled. */
  successFaces: z.array(z.number().int()).min(1),
  /** The check that decides a Scene: successes against the total hardship. */
  successCheck: z.literal('successes-at-least-total-hardship'),
  dieIds: z.array(ContentId).min(1),
  roundEnd: z.object({
    hopeDiceAdded: z.number().int().nonnegative(),
    roundCounterAdvance: z.number().int().nonnegative(),
    text: z.string().min(1),
  }),
  text: z.string().min(1),
});

/** One step of a player's turn, in the seed's order. */
export const HopeTurnStepItem = HopeItem.extend({
  kind: z.literal('hope-turn-step'),
  order: z.number().int().positive(),
  ruleSectionId: ContentId,
  text: z.string().min(1),
  /** Steps that only happen on one branch of the turn. */
  when: z.enum(['always', 'act', 'avoid', 'no-roll', 'roll', 'success', 'failure']),
});

export const hopeKinds = [HopeCardTypeItem, HopeGameStructureItem, HopeTurnStepItem] as const;

type HopeKindItem = z.infer<(typeof hopeKinds)[number]>;

/** Ids an item of these kinds points at, or undefined when the kind is not one of these. */
export function hopeLinks(item: { kind: string }): string[] | undefined {
  const hope = item as HopeKindItem;
  switch (hope.kind) {
    case 'hope-card-type':
      return [hope.gameId];
    case 'hope-game-structure':
      return [hope.gameId, ...hope.dieIds];
    case 'hope-turn-step':
      return [hope.gameId, hope.ruleSectionId];
    default:
      return undefined;
  }
}
