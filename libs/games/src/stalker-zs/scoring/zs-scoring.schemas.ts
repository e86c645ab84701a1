import { z } from 'zod';
import { describedEnum, graphqlId, named, openJson } from '@scriptbook/schema';
import { zoneSurvivalSetupProcedure } from '../rules/zs.setup';

/**
 * What the scoring API takes and serves of a Zone Survival game. The
 * schemas give the public GraphQL types, so their names and descriptions are
 * the API's; the checks themselves are in `zs-submission-checks.ts`, which
 * name the field and the rule of each refusal as the rules do.
 */

const id = (description: string) => graphqlId(z.string()).describe(description);

const countedCardType = named(
  'ZoneSurvivalCountedCardType',
  describedEnum('ZoneSurvivalCountedCardType', {
    setup: 'A Setup card (four per game).',
    event: "An Event card of this game's Event deck.",
    character: 'A Character card.',
  }).describe('The kinds of card whose score modifiers count: "each Setup, Event, and Character card".'),
);
export type ZsCountedCardType = z.infer<typeof countedCardType>;

export const requestOutcome = named(
  'ZoneSurvivalRequestOutcome',
  z
    .object({
      cardId: id('The card, one of `cardIds`.'),
      met: z.boolean().describe('Whether its Request condition was met at the end of the game.'),
      discarded: z.boolean().nullish().describe('True when the card was no longer face up at the end, so its condition is not checked.'),
    })
    .describe('A card with the Request tag that was in play, and whether its condition was met.'),
);

export const declaredCard = named(
  'ZoneSurvivalDeclaredCard',
  z
    .object({
      cardId: id(
        'The card, one of `cardIds`: a catalogue id whose modifier is unknown or only inferred, or for a card the catalogue lacks an id of the form `stalker-zs:card:<type>:<name>` in lower case.',
      ),
      cardType: countedCardType.describe("Its kind; for a catalogue card it must be the catalogue's."),
      plus: z.number().int().describe('[blue plus icon]s above its title, 0 to 9.'),
      minus: z.number().int().describe('[red minus icon]s above its title, 0 to 9.'),
      request: z.boolean().nullish().describe('For a card the catalogue lacks: true when it has the Request tag (then list it in `requests`).'),
    })
    .describe('A card whose score modifier the catalogue does not print, with the icons the players read on it. Any declared card makes the result unverified.'),
);

/** A finished game as the players report it; the server checks it and computes the score itself. */
export const zsSubmissionSchema = z
  .object({
    scenarioId: id('The Scenario played, e.g. `stalker-zs:scenario:boss-hunt`.'),
    mapId: id('The Map played, e.g. `stalker-zs:map:3`.'),
    stalkerCount: z.number().int().describe('Stalkers in the game, 1 to 4.'),
    stalkers: z.array(z.string()).describe('The Stalkers played, by name, one per Stalker counted, each once (1 to 64 characters).'),
    roundsPlayed: z.number().int().describe("Rounds played, at least 1 and at most the Event deck's size where the Scenario prints it."),
    objectiveMet: z
      .boolean()
      .nullish()
      .describe('Whether the main Objective was met. Required where the Scenario has no value target; in Gather Supplies it defaults to whether `collectedValue` reaches the target.'),
    collectedValue: z.number().int().nullish().describe('Gather Supplies: the value of the stuff collected, in K, starting Equipment included.'),
    requests: z.array(requestOutcome).nullish().describe('Every card with the Request tag among `cardIds`, each once, with whether its condition was met.'),
    cardIds: z
      .array(graphqlId(z.string()))
      .describe(
        'Every Setup, Event and Character card included in the game, each once: the four Setup cards, the whole Event deck (its printed size), and the Character cards. A card the seeds name without its deck (`stalker-zs:card:workshop`) may be given by that id or by the id of the deck it was drawn from (`stalker-zs:card:setup:workshop`); the breakdown names it by the first.',
      ),
    declaredCards: z.array(declaredCard).nullish().describe('Modifiers for the cards the catalogue cannot score; needed on a victory for each such card.'),
  })
  .describe('A finished Zone Survival game. The server checks it against the catalogue and the rules and computes the score itself.');
export type ZsSubmission = z.infer<typeof zsSubmissionSchema>;
export type ZsDeclaredCard = z.infer<typeof declaredCard>;

/** What a stored result shows of its game beside the score: the board dimensions and the Rounds played. */
export const zsResultSchema = z.object({
  scenarioId: id('The Scenario played.'),
  mapId: id('The Map played.'),
  stalkerCount: z.number().int().describe('Stalkers in the game.'),
  roundsPlayed: z.number().int().describe('Rounds played.'),
});
export type ZsResultFields = z.infer<typeof zsResultSchema>;

const modifierSource = named(
  'ZoneSurvivalModifierSource',
  describedEnum('ZoneSurvivalModifierSource', {
    PRINTED: 'The catalogue holds the icons the seed prints on the card.',
    INFERRED:
      "The catalogue's modifier is a reading the seed does not state (its `reasoning` on the card says which); the result is unverified, as no printed count backs it.",
    DECLARED: 'The player declared the icons; the catalogue does not know them, so the result is unverified.',
  }).describe("Where a card's score modifier came from."),
);
export type ZsModifierSource = z.infer<typeof modifierSource>;

const cardScore = named(
  'ZoneSurvivalCardScore',
  z
    .object({
      cardId: id('The card.'),
      plus: z.number().int().describe('[blue plus icon]s: each takes one point off.'),
      minus: z.number().int().describe('[red minus icon]s: each adds one point.'),
      source: modifierSource.describe('Where the count came from.'),
    })
    .describe("One card's score modifier as counted."),
);

export const zsBreakdownSchema = named(
  'ZoneSurvivalResultBreakdown',
  z
    .object({
      victoryPoints: z.number().int().describe('"The victory itself is worth 20 points."'),
      minusIcons: z.number().int().describe('[red minus icon]s counted, one point each.'),
      plusIcons: z.number().int().describe('[blue plus icon]s counted, minus one point each.'),
      valueBonus: z.number().int().describe('Gather Supplies: one point per full 1,000 K above the target; 0 elsewhere.'),
      cards: z.array(cardScore).describe("Every counted card with its modifier."),
    })
    .describe("How a stored victory's score adds up, card by card: 20 + minus icons − plus icons + the Gather Supplies bonus."),
);
export type ZsBreakdown = z.infer<typeof zsBreakdownSchema>;

/** A board by its dimensions; each left out widens it. */
export const zsBoardSchema = z
  .object({
    scenarioId: id('Only games of this Scenario, e.g. `stalker-zs:scenario:boss-hunt`.').nullish(),
    mapId: id('Only games on this Map, e.g. `stalker-zs:map:3`.').nullish(),
    stalkerCount: z.number().int().nullish().describe('Only games with this many Stalkers, 1 to 4.'),
  })
  .describe('Which Zone Survival board: every key given narrows it; none at all is the overall board.');
export type ZsBoard = z.infer<typeof zsBoardSchema>;

/** What one day's challenge deals: the game a submission must play, and the whole setup list. */
export const zsChallengeSchema = z
  .object({
    scenarioId: id('The Scenario to play; a submission must name the same one.'),
    mapId: id('The Map to play; a submission must name the same one.'),
    stalkerCount: z.number().int().describe('Stalkers to play with, 1 to 4; a submission must have the same count.'),
    setupCardIds: z
      .array(graphqlId(z.string()))
      .describe('Setup cards the challenge drew that the catalogue holds; a submission lists every one. Slots the table draws itself are in `setup`.'),
    eventCardIds: z
      .array(graphqlId(z.string()))
      .nullable()
      .describe('The Event deck card by card when the catalogue holds the whole deck; null when Step 7 is left to the table (a submission is then not held to it).'),
    setup: openJson(z.unknown()).describe(
      `The whole setup list as the rules engine's \`${zoneSurvivalSetupProcedure.id}\` gives it (the same shape as the rules subgraph's \`${zoneSurvivalSetupProcedure.field}\` result): Special cards, placements, Setup cards, Enemies, Loot, Event deck, checks and gaps.`,
    ),
  })
  .describe('The Zone Survival setup every player gets for one UTC day; submit results with its `id` as `challengeId` on that day.');
export type ZsChallenge = z.infer<typeof zsChallengeSchema>;
