import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { contentRef } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { gapSchema, scenarioRefSchema, stalkerCountSchema } from './zs.schemas';

export const setupInput = z
  .object({
    scenarioId: plain(z.string().min(1)).describe('The Scenario to set up, e.g. `stalker-zs:scenario:boss-hunt`.'),
    stalkerCount: stalkerCountSchema,
    setupCardsOpeningPassage: z
      .array(plain(z.string().min(1)).describe('A Setup card id.'))
      .optional()
      .describe(
        'Secret Mission only: Setup cards the players judge "would immediately open a passage to the Room closed by the Armored Gate". The rulebook names no such card, so the judgement is theirs; without it the result lists the check instead of applying it.',
      ),
  })
  .describe('The Scenario and the Stalker count; the content (Scenarios, Setup and Event decks) comes from the packs.');

const setupCard = named(
  'ZoneSurvivalSetupCard',
  z.object({
    id: contentRef('Card', 'The Setup card drawn; select the card itself for its printed text.'),
    name: z.string().describe('The card name as printed.'),
    tags: z
      .array(z.string().describe('A printed tag.'))
      .nullable()
      .describe('The printed tags; null where the rulebook does not print the card, so its tags are unknown (never read null as "no tags").'),
    tagsKnown: z.boolean().describe('False when the rulebook does not print this card\'s tags: the repeated-tag rule is then the table\'s to check.'),
  }),
).describe('A Setup card the pack holds.');

const setupSlot = z
  .object({
    slot: z.number().int().describe('1 to 4, in drawing order.'),
    card: setupCard
      .nullable()
      .describe('The card drawn; null when the draw fell on one of the Setup cards the rulebook does not print, which the table draws from its own deck.'),
    note: z
      .string()
      .nullable()
      .describe('What the table must still do or check for this slot (a card to draw, tags to compare); null when the draw is complete.'),
  })
  .describe('One of the four Setup card slots of Step 3.');

const setupDiscard = z
  .object({
    card: setupCard,
    reason: describedEnum('ZoneSurvivalDiscardReason', {
      'repeated-tag': 'It shares a tag with a Setup card drawn before it.',
      'scenario-rule': "The Scenario's own Step 3 sends it back (Open Space Around, a Request card in Escape, a card the players judged in Secret Mission).",
    }).describe('Why it was discarded.'),
  })
  .describe('A Setup card drawn and discarded during Step 3.');

const setupDeck = z
  .object({
    size: z.number().int().describe('Cards in the box\'s Setup deck (55, "a pool of 55 different Setup cards").'),
    inPack: z.number().int().describe('How many of them the content holds, because the rulebook prints or names them.'),
    notInPack: z.number().int().describe('How many the rulebook never prints; a draw that lands on one is left to the table.'),
  })
  .describe('The Setup deck the draw shuffled: the whole box, with the cards the rulebook does not print kept as unknown places.');

const placement = z
  .object({
    step: z.number().int().describe('The setup step that prints it (2, or 5 for named tokens such as Boss Hunt\'s Spawn Points).'),
    text: z.string().describe('The placement as the Scenario prints it.'),
  })
  .describe('A token placement the Scenario prints, verbatim.');

const enemyGroup = z
  .object({
    count: z.number().int().describe('Enemy standees of this group.'),
    teamTokens: z.array(z.string().describe('A Team token as printed, e.g. `[red 1 team token]`.')).describe('The Team tokens placed on this group\'s Enemy card.'),
    text: z.string().optional().describe('The row as printed.'),
  })
  .describe('One group of a Scenario\'s enemy row.');

const enemies = z
  .object({
    cards: z
      .array(
        z
          .object({
            faction: z.string().describe('`Mutant` or `Human`.'),
            icon: z.string().describe('The Enemy type pictogram as printed.'),
          })
          .describe('One Enemy card to draw.'),
      )
      .describe('Enemy cards to draw, in printed order.'),
    placeFrom: z.string().nullable().describe('Which Enemy slots to fill first (`Scattered`, `Dense`); null where not printed.'),
    groups: z.array(enemyGroup).nullable().describe('The row for this Stalker count; null where the rulebook prints none (see gaps).'),
    standees: z.number().int().nullable().describe('Standees in the row in all; null with the row.'),
    bossStartsInBossSlot: z.boolean().describe('Whether the Boss Enemy standee starts in the Boss Enemy slot.'),
  })
  .describe('Step 5: the Enemies.');

export const setupResult = z
  .object({
    scenario: scenarioRefSchema,
    stalkerCount: z.number().int().describe('The Stalker count the setup is for.'),
    specialCardIds: z.array(contentRef('Card', 'A Special card to find.')).describe('Step 2: Special cards to find and place next to the Map.'),
    placements: z.array(placement).describe('Step 2 (and Step 5) token placements the Scenario prints, in printed order.'),
    setupDeck,
    setupCards: z.array(setupSlot).describe('Step 3: the four Setup card slots, in drawing order.'),
    setupDiscards: z.array(setupDiscard).describe('Setup cards drawn and discarded on the way, in order.'),
    unknownTokens: z
      .object({
        stacks: z.number().int().nullable().describe('Stacks of Unknown tokens; null where the text gives no count.'),
        tokensPerStack: z.number().int().nullable().describe('Tokens in each stack; null where not printed.'),
        total: z.number().int().nullable().describe('Tokens in all, where the Scenario says so.'),
        removeFromPool: z.string().nullable().describe('Tokens to take out of the pool first, as printed.'),
        text: z.string().describe('The Scenario\'s Step 5 line for Unknown tokens.'),
      })
      .nullable()
      .describe('Step 5: Unknown tokens; null where the Scenario prints no placement (see gaps).'),
    enemies: enemies.nullable().describe('Step 5: Enemies; null where the Scenario prints none (see gaps).'),
    loot: z
      .object({
        tokensPerSlot: z.number().int().describe('Loot tokens in each Loot slot.'),
        extraTokens: z.number().int().nullable().describe('Scouting\'s "[Stalker count icon] × 3" more, spread evenly; null elsewhere.'),
      })
      .nullable()
      .describe('Step 6: Loot tokens; null where the Scenario prints no Step 6 (see gaps).'),
    eventDeck: z
      .object({
        size: z.number().int().describe('Cards in the Event deck, which is also the number of Rounds.'),
        cards: z
          .array(z.object({ id: contentRef('Card', 'An Event card.'), name: z.string().describe('Its name.') }).describe('An Event card of the deck.'))
          .nullable()
          .describe('The cards, shuffled, when the content holds the whole Event deck; null otherwise: draw them at the table.'),
      })
      .nullable()
      .describe('Step 7: the Event deck; null where the Scenario prints no size (see gaps).'),
    funds: z.number().int().nullable().describe('Step 8: the team\'s funds for Equipment, in K; null where not printed.'),
    stalkerEntrance: z.string().nullable().describe('Step 9: where the Stalkers start; null where not printed.'),
    valueTarget: z.number().int().nullable().describe('Gather Supplies: the value to collect, in K ("12,000 K + [Stalker count icon] × 3,000 K").'),
    checks: z.array(z.string().describe('One check or step.')).describe('Steps the table must carry out or judge itself.'),
    gaps: z.array(gapSchema).describe('Where the rulebook gives nothing for this setup.'),
  })
  .describe('A Zone Survival setup, step by step, with what is left to the table and what the rulebook does not give.');
