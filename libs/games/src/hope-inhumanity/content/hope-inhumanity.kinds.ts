import { z } from 'zod';
import { describedEnum, named } from '@scriptbook/schema';
import { pointsAt, withSegments } from '@scriptbook/content/kinds/annotations';
import { defineContentKind } from '@scriptbook/content/kinds/descriptor';
import { BaseItem, ContentId, ExternalRef, GameId } from '@scriptbook/content/schema/common';

/**
 * Content kinds of Hope Inhumanity (003) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 */

const HopeItem = BaseItem.extend({
  gameId: GameId,
  externalRefs: z.array(ExternalRef).default([]).describe('Expansions the rulebook names but does not contain (Martial Law).'),
});

/** A type of card laid out at setup, with where it goes. */
export const HopeCardTypeItem = HopeItem.extend({
  kind: z.literal('hope-card-type'),
  category: describedEnum('HopeCardCategory', {
    dice: 'a dice card (Humanity or Hope dice)',
    scene: 'Scene cards',
    character: 'cards that describe a character (Asset, Personality, Trait, Relationship)',
    condition: 'condition cards (Hunger, Harm, Hunted)',
  }).describe('What the cards are (also served as `cardType`).'),
  placement: z.enum(['each-player', 'center', 'scene-decks', 'near-scene-decks', 'nearby']).describe('Where the cards go at setup.'),
  text: withSegments(z.string().min(1)).describe('The setup line the type is read from.'),
  expansion: z.string().min(1).optional().describe('The expansion the type belongs to, when it is not the base game.'),
});

/** The shape of a game: rounds, play order, what a die counts as, how a round ends. */
export const HopeGameStructureItem = HopeItem.extend({
  kind: z.literal('hope-game-structure'),
  rounds: z.number().int().positive().describe('How many rounds a game lasts.'),
  playOrder: z.enum(['clockwise', 'counter-clockwise']).describe('The direction turns pass in.'),
  successFaces: z.array(z.number().int()).min(1).describe('Faces that count as a success on any die.'),
  successCheck: z.literal('successes-at-least-total-hardship').describe('How a Scene is decided: `successes-at-least-total-hardship`.'),
  dieIds: pointsAt(z.array(ContentId)).min(1).describe('The dice of the game (`die` items).'),
  roundEnd: named(
    'HopeRoundEnd',
    z
      .object({
        hopeDiceAdded: z.number().int().nonnegative().describe('Hope dice added to the shared pool.'),
        roundCounterAdvance: z.number().int().nonnegative().describe('How far the round counter moves.'),
        text: z.string().min(1).describe('The rule as printed.'),
      })
      .describe('What happens at the end of each round.'),
  ).describe('What happens at the end of each round.'),
  text: withSegments(z.string().min(1)).describe('The rule text the structure is read from.'),
});

/** One step of a player's turn, in the rulebook's order. */
export const HopeTurnStepItem = HopeItem.extend({
  kind: z.literal('hope-turn-step'),
  order: z.number().int().positive().describe('Position in the turn, from 1.'),
  ruleSectionId: pointsAt(ContentId).describe('The rule section the step is read from.'),
  text: withSegments(z.string().min(1)).describe('The step as printed.'),
  when: z.enum(['always', 'act', 'avoid', 'no-roll', 'roll', 'success', 'failure']).describe('The branch of the turn the step belongs to.'),
});

/** Hope Inhumanity (003). Its card types are served as cards: the seed describes its cards by type. */
export const hopeContentKinds = [
  defineContentKind({
    schema: HopeCardTypeItem,
    graphqlName: 'HopeCardType',
    description: 'A Hope Inhumanity card type and where its cards go at setup.',
    groups: ['card'],
    entity: true,
    view: (item) => ({ deckId: null, cardType: item.category, tags: [], texts: [item.text] }),
  }),
  defineContentKind({ schema: HopeGameStructureItem, graphqlName: 'HopeGameStructure', description: 'The shape of a Hope Inhumanity game.' }),
  defineContentKind({ schema: HopeTurnStepItem, graphqlName: 'HopeTurnStep', description: "One step of a player's turn." }),
] as const;
