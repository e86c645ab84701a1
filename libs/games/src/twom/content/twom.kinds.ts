import { z } from 'zod';
import { describedEnum, named } from '@scriptbook/schema';
import { linkTo, pointsAt, withSegments } from '@scriptbook/content/kinds/annotations';
import { defineContentKind } from '@scriptbook/content/kinds/descriptor';
import { BaseItem, ContentId, ExternalRef, GameId, NamedText } from '@scriptbook/content/schema/common';

/**
 * Content kinds of This War of Mine (core 001, Tales 000, Tactics 002) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 *
 * The seeds use two vocabularies for the same board (001: Stockpile, Loot Pile,
 * Utility, Sadness, Tiredness; 000: Storage, Findings Pile, Fitting, Misery,
 * Fatigue). Quoted texts keep each seed's own words; nothing here maps one onto
 * the other, because the seeds never say they are the same thing.
 */

/**
 * A pointer into a book the seeds do not contain (Book of Scripts, Wartime
 * Diary I, the Journal sheets, a page of the base rulebook). `book` is null
 * when the seed cites a script without naming the book it is in.
 */
export const TwomExternalRef = ExternalRef;

const TwomItem = BaseItem.extend({
  gameId: GameId,
  moduleId: pointsAt(ContentId).describe('The module (core game, Tales from the Ruined City, Tactics) the item belongs to.'),
  externalRefs: z.array(TwomExternalRef).default([]).describe('Pointers into books the rulebooks do not contain.'),
});

const ScenarioId = pointsAt(ContentId);
const Ids = (description: string) => pointsAt(z.array(ContentId)).default([]).describe(description);

/** One numbered step of a setup, with its bullets as printed. Some steps are bullets only. */
export const TwomSetupStep = named(
  'TwomSetupStep',
  z
    .object({
      order: z.number().int().positive().describe('The printed step number.'),
      heading: z.string().min(1).describe('The step heading as printed.'),
      text: z.string().min(1).optional().describe('The step text; absent for steps that are bullets only.'),
      bullets: z.array(z.string().min(1)).default([]).describe('The bullets under the step, in order.'),
    })
    .describe('A numbered setup step with its bullets, as printed.'),
);

/**
 * How the Event deck is stacked, bottom first. `chapter` marks the Chapter
 * cards of the core game, so a companion can show which chapter a day is in.
 */
export const TwomEventDeckStep = named(
  'TwomEventDeckStep',
  z
    .object({
      order: z.number().int().positive().describe('Position in the stacking order, from 1 (bottom).'),
      action: z.enum(['shuffle-to-bottom', 'find-and-place-at-bottom', 'place-on-top', 'draw-random-on-top']).describe('What the step does with the cards.'),
      count: z.number().int().positive().describe('How many cards the step moves.'),
      card: z.string().min(1).optional().describe('The card the step names, when it names one.'),
      chapter: describedEnum('TwomChapter', { I: 'the first Chapter card', II: 'the second Chapter card', III: 'the third Chapter card' })
        .describe('A Chapter card of the core game, by its printed numeral.')
        .optional()
        .describe('The Chapter card the step places, for the Chapter cards of the core game.'),
      removeRemaining: z.number().int().positive().optional().describe('Cards of the same group the step takes out of the game.'),
      text: z.string().min(1).describe('The step as printed.'),
    })
    .describe('One step of stacking the Event deck, bottom first.'),
);

export const TwomEventDeckRecipe = named(
  'TwomEventDeckRecipe',
  z
    .object({
      setAside: z.array(z.string().min(1)).default([]).describe('Cards found and set aside before building, used elsewhere in setup.'),
      steps: z.array(TwomEventDeckStep).min(1).describe('The stacking steps, bottom first.'),
      afterwards: z.string().min(1).optional().describe('What to do once the deck is built, as printed.'),
    })
    .describe('How the Event deck is built.'),
);

export const TwomDeckChange = named(
  'TwomDeckChange',
  z
    .object({
      action: z
        .enum([
          'draw-objective',
          'exclude-decks',
          'remove-cards',
          'keep-all-cards',
          'single-fittings-deck',
          'set-aside-cards',
          'split-deck',
          'draw-to-spaces',
        ])
        .describe('What the change does to the decks.'),
      decks: z.array(z.string().min(1)).default([]).describe('Deck names as printed.'),
      deckIds: Ids('The deck items those names resolve to.'),
      cards: z.array(z.string().min(1)).default([]).describe('Card names the change concerns, as printed.'),
      text: z.string().min(1).describe('The change as printed.'),
    })
    .describe('A change to the decks a setup makes.'),
);

export const TwomCharacterDraw = named(
  'TwomCharacterDraw',
  z
    .object({
      border: describedEnum('TwomCharacterBorder', {
        red: 'Character cards with a red border',
        black: 'Character cards with a black border',
        special: 'the special Character cards',
      }).describe('The cards drawn from, by border.'),
      count: z.number().int().positive().describe('How many to draw.'),
      names: z.array(z.string().min(1)).default([]).describe('Named cards to take instead of drawing, as printed.'),
      characterIds: Ids('The character items those names resolve to.'),
    })
    .describe('Characters drawn by border colour, or taken by name.'),
);

export const TwomStartingState = named(
  'TwomStartingState',
  z
    .object({
      token: z.string().min(1).describe('The token, as printed (e.g. Hunger, Misery).'),
      level: z.number().int().nonnegative().describe('Its starting level.'),
      target: z.string().min(1).describe('Who receives it, in the rulebook\'s words ("each Character", "1 chosen Character").'),
    })
    .describe('A state token characters start with.'),
);

export const TwomQuantity = named(
  'TwomQuantity',
  z
    .object({
      quantity: z.number().int().positive().describe('How many.'),
      token: z.string().min(1).describe('The token, as printed.'),
    })
    .describe('A number of tokens of one kind.'),
);

export const TwomSetupPlacement = named(
  'TwomSetupPlacement',
  z
    .object({
      text: z.string().min(1).describe('The placement as printed.'),
      cardIds: Ids('Cards it places.'),
      componentIds: Ids('Components it places.'),
      trackIds: Ids('Tracks it places.'),
    })
    .describe('Special cards or tokens a setup places, with the items they are.'),
);

/**
 * A setup, of the core game or of a Scenario: the ordered steps as printed,
 * plus the parts a companion can act on as data.
 */
export const TwomSetup = named(
  'TwomSetup',
  z
    .object({
      steps: z.array(TwomSetupStep).min(1).describe('The steps as printed, in order.'),
      deckChanges: z.array(TwomDeckChange).default([]).describe('Changes to the decks.'),
      eventDeck: TwomEventDeckRecipe.describe('How the Event deck is built.'),
      startingCold: named(
        'TwomStartingCold',
        z
          .object({
            coldTokens: z.number().int().nonnegative().describe('Cold tokens placed.'),
            extraCards: z.array(z.string()).default([]).describe('Extra cards the step adds, as printed.'),
            text: z.string().min(1).describe('The step as printed.'),
          })
          .describe('The Starting Cold step.'),
      )
        .nullable()
        .describe('Null when the setup has no Starting Cold step.'),
      characters: named(
        'TwomCharacterSetup',
        z
          .object({
            count: z.number().int().positive().describe('How many characters start.'),
            draws: z.array(TwomCharacterDraw).min(1).describe('The draws, in order.'),
            text: z.string().min(1).describe('The rule as printed.'),
          })
          .describe('How the starting characters are chosen.'),
      ).describe('How the starting characters are chosen.'),
      startingStates: z.array(TwomStartingState).default([]).describe('State tokens characters start with.'),
      startingFittings: z.string().min(1).nullable().describe('The starting Fittings rule as printed; null when there is none.'),
      startingStock: named(
        'TwomStartingStock',
        z
          .object({
            space: z.string().min(1).describe('Stockpile (001) or Storage (000): the space the rulebook puts them on.'),
            items: z.array(TwomQuantity).min(1).describe('The listed tokens.'),
            anyOtherTokensWorthUpTo: z
              .number()
              .int()
              .positive()
              .optional()
              .describe('The value cap of "any other tokens worth N or less", when given.'),
            except: z.array(z.string()).default([]).describe('Tokens the cap excludes, as printed.'),
            text: z.string().min(1).describe('The rule as printed.'),
          })
          .describe('The resources the group starts with.'),
      ).describe('The resources the group starts with.'),
      specialCards: z.array(TwomSetupPlacement).default([]).describe('Special cards the setup places.'),
      specialTokens: z.array(TwomSetupPlacement).default([]).describe('Special tokens the setup places.'),
      componentList: z.string().min(1).optional().describe("The rulebook's list of the scenario's own components, as printed."),
    })
    .describe('A setup: the ordered steps as printed, plus the parts a companion can act on.'),
);

export const TwomScenarioItem = TwomItem.extend({
  kind: z.literal('twom-scenario'),
  overview: z.string().min(1).describe('The one-line overview from the Incidents introduction (also served as `summary`).'),
  narrative: z.string().min(1).describe('The narrative read aloud at the start.'),
  setup: TwomSetup.describe('The setup as data: steps as printed plus decks, characters, stock and placements.'),
  objective: z.string().min(1).nullable().describe('The Objective card; null when the scenario uses none.'),
  victoryConditions: z.array(z.string().min(1)).default([]).describe('How the scenario is won, as printed.'),
  defeatConditions: z.array(z.string().min(1)).default([]).describe('How the scenario is lost, as printed.'),
  specialRules: z.array(NamedText).default([]).describe('Rules that apply only in this scenario.'),
  cardIds: linkTo('Card', z.array(ContentId), "The scenario's own cards.").default([]).describe("The ids of the scenario's own cards."),
  characterIds: linkTo('TwomCharacter', z.array(ContentId), "The scenario's own characters.")
    .default([])
    .describe("The ids of the scenario's own characters."),
  trackIds: linkTo('TwomTrack', z.array(ContentId), "The scenario's tracks.").default([]).describe("The ids of the scenario's tracks."),
  componentIds: linkTo('TwomComponent', z.array(ContentId), "The scenario's own components.")
    .default([])
    .describe("The ids of the scenario's own components."),
  envelopeId: linkTo('TwomEnvelope', ContentId.nullable(), 'The envelope it opens; null while the rulebook does not say which.').describe(
    'The id of the envelope it opens; null while the rulebook does not say which.',
  ),
});

/** The core game's setup as data; its prose is a rule section too. */
export const TwomSetupItem = TwomItem.extend({
  kind: z.literal('twom-setup'),
  ruleSectionId: pointsAt(ContentId).describe('The rule section that prints the same setup as prose.'),
  setup: TwomSetup.describe('The setup steps as printed, plus the parts a companion can act on.'),
});

export const TwomCardOption = named(
  'TwomCardOption',
  z
    .object({
      label: z.string().min(1).describe('The label as printed, e.g. `Reward`.'),
      text: z.string().min(1).describe('The text under the label, as printed.'),
    })
    .describe('A labelled part printed on a card (Needs, Aid, Reward, Penalty...).'),
);

export const TwomCardItem = TwomItem.extend({
  kind: z.literal('twom-card'),
  cardType: z.string().min(1).describe('What the card is: a label made from the rulebook\'s words ("Desperate Measures", "Night Raids card", "Dawn Phase card"), not a printed line.'),
  deckId: pointsAt(ContentId).optional().describe('The set the card ships in or lies in during play.'),
  shuffleIntoDeckId: pointsAt(ContentId).optional().describe('The base deck the card is shuffled into, when that is another deck.'),
  scenarioId: ScenarioId.optional().describe('The scenario the card belongs to, when it is scenario-specific.'),
  copies: z.number().int().positive().default(1).describe('How many copies of the card the box holds.'),
  text: withSegments(z.string().min(1).nullable(), '`text` cut into words, icons and links; null when `text` is.').describe(
    'The card text as printed; null when the rulebook names the card but not its text (see gaps).',
  ),
  options: z.array(TwomCardOption).default([]).describe('Labelled parts printed on the card, in order.'),
  rollTableIds: linkTo('RollTable', z.array(ContentId), 'Tables the card tells you to roll on.').default([]).describe('The ids of the tables the card tells you to roll on (`rollTables`).'),
  trackIds: linkTo('TwomTrack', z.array(ContentId), 'Tracks the card moves.').default([]).describe('The ids of the tracks the card moves (`tracks`).'),
});

export const TwomCharacterItem = TwomItem.extend({
  kind: z.literal('twom-character'),
  scenarioId: ScenarioId.optional().describe('The scenario the character belongs to, when it is not a core character.'),
  title: z.string().min(1).optional().describe('The epithet printed with the name ("Homeless", "Promising Singer").'),
  prowess: z.number().int().nonnegative().nullable().describe('Prowess as printed; null where the rulebook says the value is not legible.'),
  empathy: z.number().int().nonnegative().nullable().describe('Empathy as printed; null where the rulebook says the value is not legible.'),
  inventory: z.number().int().nonnegative().nullable().describe('Inventory size as printed; null where the rulebook says the value is not legible.'),
  abilities: z.array(NamedText).min(1).describe('Abilities printed on the card, in order.'),
  miniature: z.string().min(1).optional().describe('Which miniature stands for the character, when it is not its own.'),
});

/** A track or level scale a token moves along. */
export const TwomTrackItem = TwomItem.extend({
  kind: z.literal('twom-track'),
  scenarioId: ScenarioId.optional().describe('The scenario that uses the track, when it is not part of the core game.'),
  count: z.number().int().positive().default(1).describe('How many copies of the track are in play (4 Suspicions tracks, say).'),
  positions: z
    .array(z.union([z.number(), z.string()]))
    .min(2)
    .nullable()
    .describe('The spaces in order, as text; null when the rulebook does not list them.'),
  start: z.union([z.number(), z.string()]).nullable().describe('The starting space, as text; null when the rulebook does not give it.'),
  text: withSegments(z.string().min(1)).describe('The rule text that describes the track.'),
});

export const TwomEnvelopeItem = TwomItem.extend({
  kind: z.literal('twom-envelope'),
  letter: describedEnum('TwomEnvelopeLetter', { A: 'envelope A', B: 'envelope B', C: 'envelope C', D: 'envelope D', E: 'envelope E' }).describe(
    'The printed letter, A to E.',
  ),
  text: withSegments(z.string().min(1)).describe('What the rulebook says about the envelope.'),
  scenarioId: ScenarioId.nullable().describe('The scenario that opens it; null while the rulebook does not say.'),
});

/** A place a roll or a card can send the group to. */
export const TwomLocationItem = TwomItem.extend({
  kind: z.literal('twom-location'),
  aliases: z.array(z.string().min(1)).default([]).describe('Other printed names for the same place.'),
  text: withSegments(z.string().min(1)).describe('What the rulebook says about the place.'),
});

export const TwomComponentItem = TwomItem.extend({
  kind: z.literal('twom-component'),
  componentType: describedEnum('TwomComponentType', {
    miniature: 'a miniature',
    token: 'a token',
    tile: 'a tile',
    sheet: 'a sheet',
    book: 'a book',
    chart: 'a chart',
    table: 'a table',
    map: 'a map',
    card: 'a card',
    other: 'anything else',
  }).describe('What the component is.'),
  quantity: z.number().int().positive().nullable().describe('How many the box holds; null when the rulebook does not say.'),
  scenarioId: ScenarioId.optional().describe('The scenario the component belongs to, when it is scenario-specific.'),
  text: z.string().min(1).optional().describe('Text printed on the component, when the rulebook gives it.'),
  description: z.string().min(1).optional().describe('What the component is for, from the rulebook.'),
});

/** One phase of the day, in turn order; its prose lives in the linked rule section. */
export const TwomPhaseItem = TwomItem.extend({
  kind: z.literal('twom-phase'),
  order: z.number().int().positive().describe('Position in the day, from 1.'),
  subtitle: z.string().min(1).optional().describe('The subtitle printed under the phase name.'),
  ruleSectionId: linkTo('RuleSection', ContentId, 'The rules of the phase in prose.').describe('The id of the rule section with the phase in prose (`ruleSection`).'),
  passesJournal: z.boolean().describe('Whether the phase ends by passing the Journal to the next player.'),
  tableIds: Ids('Tables (`twom-table`) the phase reads; fetch them with `contentItem`.'),
  testIds: Ids('Tests (`twom-test`) the phase rolls; fetch them with `contentItem`.'),
});

/**
 * A lookup that is not rolled: food against Hunger, night tasks, the colour of
 * a Tactics space. `values` holds what a row changes, as numbers where the seed
 * gives numbers.
 */
export const TwomTableItem = TwomItem.extend({
  kind: z.literal('twom-table'),
  text: withSegments(z.string().min(1)).describe('The rule sentence the table was read from.'),
  rows: z
    .array(
      named(
        'TwomTableRow',
        z
          .object({
            key: z.string().min(1).describe('What the row is looked up by, as printed.'),
            text: z.string().min(1).nullable().describe("The row as printed; null where the rulebook names the row but not its effect."),
            values: named(
              'TwomTableValue',
              z
                .record(
                  z.string().describe('What changes, e.g. a token or level name.'),
                  z.union([z.number(), z.string()]).describe('By how much or to what, as text (numbers too).'),
                )
                .describe('One value a table row changes; numbers are given as text.'),
            )
              .default({})
              .describe('What the row changes, as data.'),
          })
          .describe('One row of a lookup table.'),
      ),
    )
    .min(1)
    .describe('The rows in printed order.'),
});

/**
 * A roll against a value that changes during play (Noise, the Hide statistic,
 * the Threat level), which a fixed roll table cannot express.
 */
export const TwomTestItem = TwomItem.extend({
  kind: z.literal('twom-test'),
  dieId: linkTo('Die', ContentId, 'The die rolled.').describe('The id of the die rolled (`die`).'),
  target: z.string().min(1).describe('How the target number is made up, as printed.'),
  rolls: z.string().min(1).optional().describe('How many rolls, when not one, as printed.'),
  reroll: z.string().min(1).optional().describe('When a reroll is allowed, as printed.'),
  ifAtMost: z.string().min(1).nullable().describe('What happens when the roll is at most the target; null when not printed.'),
  ifHigher: z.string().min(1).nullable().describe('What happens when the roll is higher; null when not printed.'),
  text: withSegments(z.string().min(1)).describe('The rule text of the test.'),
});

/** A side of the double-sided Tactics Map and the Locations it is used for. */
export const TwomMapSideItem = TwomItem.extend({
  kind: z.literal('twom-map-side'),
  side: z.string().min(1).describe('The side as printed.'),
  locationSizes: z
    .array(
      describedEnum('TwomLocationSize', { small: 'a small Location', medium: 'a medium Location', large: 'a large Location' }).describe(
        'The size of a Location, as the Tactics Map sides are chosen by it.',
      ),
    )
    .min(1)
    .describe('Location sizes the side is used for.'),
  text: withSegments(z.string().min(1)).describe('What the rulebook says about the side.'),
});

const compact = (texts: readonly (string | null | undefined)[]): string[] => texts.filter((text): text is string => !!text);

/** This War of Mine: the core game (001), Tales from the Ruined City (000) and Tactics (002). */
export const twomContentKinds = [
  defineContentKind({
    schema: TwomScenarioItem,
    graphqlName: 'TwomScenario',
    description: 'An Incident scenario of Tales from the Ruined City.',
    groups: ['scenario'],
    entity: true,
    view: (item) => ({
      summary: item.overview,
      setupSteps: item.setup.steps.map((step) => ({ order: step.order, title: step.heading, lines: compact([step.text, ...step.bullets]) })),
    }),
  }),
  defineContentKind({ schema: TwomSetupItem, graphqlName: 'TwomCoreSetup', description: "The core game's setup as data." }),
  defineContentKind({
    schema: TwomCardItem,
    graphqlName: 'TwomCard',
    description: 'A This War of Mine card.',
    groups: ['card'],
    entity: true,
    view: (item) => ({
      tags: [],
      texts: compact([item.text, ...item.options.map((option) => `${option.label}: ${option.text}`)]),
    }),
  }),
  defineContentKind({
    schema: TwomCharacterItem,
    graphqlName: 'TwomCharacter',
    description: 'A Character card.',
    gameList: { field: 'characters', description: 'Character cards (This War of Mine); empty for other games.' },
  }),
  defineContentKind({
    schema: TwomTrackItem,
    graphqlName: 'TwomTrack',
    description: 'A track or level scale a token moves along.',
    gameList: { field: 'tracks', description: 'Tracks and level scales (This War of Mine); empty for other games.' },
  }),
  defineContentKind({ schema: TwomEnvelopeItem, graphqlName: 'TwomEnvelope', description: 'A legacy envelope, A to E.' }),
  defineContentKind({ schema: TwomLocationItem, graphqlName: 'TwomLocation', description: 'A place a roll or a card can send the group to.' }),
  defineContentKind({ schema: TwomComponentItem, graphqlName: 'TwomComponent', description: 'A physical component and how many the box holds.' }),
  defineContentKind({ schema: TwomPhaseItem, graphqlName: 'TwomPhase', description: 'A phase of the day, in turn order.' }),
  defineContentKind({ schema: TwomTableItem, graphqlName: 'TwomTable', description: 'A lookup that is not rolled.' }),
  defineContentKind({ schema: TwomTestItem, graphqlName: 'TwomTest', description: 'A roll against a value that changes during play.' }),
  defineContentKind({ schema: TwomMapSideItem, graphqlName: 'TwomMapSide', description: 'A side of the double-sided Tactics Map.', groups: ['map'] }),
] as const;
