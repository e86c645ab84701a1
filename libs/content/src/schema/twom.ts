import { z } from 'zod';
import { BaseItem, ContentId } from './common';

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
export const TwomExternalRef = z.object({
  book: z.string().min(1).nullable(),
  ref: z.string().min(1),
});

const TwomItem = BaseItem.extend({
  gameId: ContentId,
  moduleId: ContentId,
  externalRefs: z.array(TwomExternalRef).default([]),
});

/** One numbered step of a setup, with its bullets as printed. Some steps are bullets only. */
export const TwomSetupStep = z.object({
  order: z.number().int().positive(),
  heading: z.string().min(1),
  text: z.string().min(1).optional(),
  bullets: z.array(z.string().min(1)).default([]),
});

/**
 * How the Event deck is stacked, bottom first. `chapter` marks the Chapter
 * cards of the core game, so a companion can show which chapter a day is in.
 */
export const TwomEventDeckStep = z.object({
  order: z.number().int().positive(),
  action: z.enum(['shuffle-to-bottom', 'find-and-place-at-bottom', 'place-on-top', 'draw-random-on-top']),
  /** Cards the step moves: how many, and which when the seed names them. */
  count: z.number().int().positive(),
  card: z.string().min(1).optional(),
  chapter: z.enum(['I', 'II', 'III']).optional(),
  /** Cards of the same group the step takes out of the game. */
  removeRemaining: z.number().int().positive().optional(),
  text: z.string().min(1),
});

export const TwomEventDeckRecipe = z.object({
  /** Cards found and set aside before building, used elsewhere in setup. */
  setAside: z.array(z.string().min(1)).default([]),
  steps: z.array(TwomEventDeckStep).min(1),
  afterwards: z.string().min(1).optional(),
});

export const TwomDeckChange = z.object({
  action: z.enum([
    'draw-objective',
    'exclude-decks',
    'remove-cards',
    'keep-all-cards',
    'single-fittings-deck',
    'set-aside-cards',
    'split-deck',
    'draw-to-spaces',
  ]),
  /** Deck names as printed, and the deck items they resolve to. */
  decks: z.array(z.string().min(1)).default([]),
  deckIds: z.array(ContentId).default([]),
  cards: z.array(z.string().min(1)).default([]),
  text: z.string().min(1),
});

export const TwomCharacterDraw = z.object({
  border: z.enum(['red', 'black', 'special']),
  count: z.number().int().positive(),
  /** Named cards to take instead of drawing. */
  names: z.array(z.string().min(1)).default([]),
  characterIds: z.array(ContentId).default([]),
});

export const TwomStartingState = z.object({
  token: z.string().min(1),
  level: z.number().int().nonnegative(),
  /** Who receives it, in the seed's words ("each Character", "1 chosen Character"). */
  target: z.string().min(1),
});

export const TwomQuantity = z.object({
  quantity: z.number().int().positive(),
  token: z.string().min(1),
});

export const TwomSetupPlacement = z.object({
  text: z.string().min(1),
  cardIds: z.array(ContentId).default([]),
  componentIds: z.array(ContentId).default([]),
  trackIds: z.array(ContentId).default([]),
});

/**
 * A setup, of the core game or of a Scenario: the ordered steps as printed,
 * plus the parts a companion can act on as data.
 */
export const TwomSetup = z.object({
  steps: z.array(TwomSetupStep).min(1),
  deckChanges: z.array(TwomDeckChange).default([]),
  eventDeck: TwomEventDeckRecipe,
  /** Null when the setup has no Starting Cold step. */
  startingCold: z
    .object({ coldTokens: z.number().int().nonnegative(), extraCards: z.array(z.string()).default([]), text: z.string().min(1) })
    .nullable(),
  characters: z.object({
    count: z.number().int().positive(),
    draws: z.array(TwomCharacterDraw).min(1),
    text: z.string().min(1),
  }),
  startingStates: z.array(TwomStartingState).default([]),
  startingFittings: z.string().min(1).nullable(),
  startingStock: z.object({
    /** The space the seed puts them on: Stockpile (001) or Storage (000). */
    space: z.string().min(1),
    items: z.array(TwomQuantity).min(1),
    /** "any other TOKENS WORTH 20 or less": the value cap, when given. */
    anyOtherTokensWorthUpTo: z.number().int().positive().optional(),
    except: z.array(z.string()).default([]),
    text: z.string().min(1),
  }),
  specialCards: z.array(TwomSetupPlacement).default([]),
  specialTokens: z.array(TwomSetupPlacement).default([]),
  /** The seed's list of the Scenario's own components, as printed. */
  componentList: z.string().min(1).optional(),
});

export const TwomScenarioItem = TwomItem.extend({
  kind: z.literal('twom-scenario'),
  /** The one-line overview from the Incidents introduction. */
  overview: z.string().min(1),
  narrative: z.string().min(1),
  setup: TwomSetup,
  /** Null when the Scenario uses no Objective card. */
  objective: z.string().min(1).nullable(),
  victoryConditions: z.array(z.string().min(1)).default([]),
  defeatConditions: z.array(z.string().min(1)).default([]),
  specialRules: z.array(z.object({ name: z.string().min(1), text: z.string().min(1) })).default([]),
  cardIds: z.array(ContentId).default([]),
  characterIds: z.array(ContentId).default([]),
  trackIds: z.array(ContentId).default([]),
  componentIds: z.array(ContentId).default([]),
  /** Null while the seed does not say which envelope the Scenario opens. */
  envelopeId: ContentId.nullable(),
});

/** The core game's setup as data; its prose is a rule section too. */
export const TwomSetupItem = TwomItem.extend({
  kind: z.literal('twom-setup'),
  ruleSectionId: ContentId,
  setup: TwomSetup,
});

export const TwomCardOption = z.object({ label: z.string().min(1), text: z.string().min(1) });

export const TwomCardItem = TwomItem.extend({
  kind: z.literal('twom-card'),
  /** What the card is, in the seed's words ("Desperate Measures", "Night Raids card", "Dawn Phase card"). */
  cardType: z.string().min(1),
  /** The set the card ships in or lies in during play. */
  deckId: ContentId.optional(),
  /** The base deck the card is shuffled into, when that is another deck. */
  shuffleIntoDeckId: ContentId.optional(),
  scenarioId: ContentId.optional(),
  copies: z.number().int().positive().default(1),
  /** Null when the seed names the card but does not give its text. */
  text: z.string().min(1).nullable(),
  /** Labelled parts printed on the card (Needs, Aid, Reward, Penalty...). */
  options: z.array(TwomCardOption).default([]),
  rollTableIds: z.array(ContentId).default([]),
  trackIds: z.array(ContentId).default([]),
});

export const TwomCharacterItem = TwomItem.extend({
  kind: z.literal('twom-character'),
  scenarioId: ContentId.optional(),
  /** The epithet printed with the name ("Homeless", "Promising Singer"). */
  title: z.string().min(1).optional(),
  /** Null where the seed says the value is not legible. */
  prowess: z.number().int().nonnegative().nullable(),
  empathy: z.number().int().nonnegative().nullable(),
  inventory: z.number().int().nonnegative().nullable(),
  abilities: z.array(z.object({ name: z.string().min(1), text: z.string().min(1) })).min(1),
  /** Which miniature stands for the Character, when it is not its own. */
  miniature: z.string().min(1).optional(),
});

/** A track or level scale a token moves along. */
export const TwomTrackItem = TwomItem.extend({
  kind: z.literal('twom-track'),
  scenarioId: ContentId.optional(),
  /** How many copies of the track are in play (4 Suspicions tracks). */
  count: z.number().int().positive().default(1),
  /** The spaces, in order, when the seed lists them; null otherwise. */
  positions: z.array(z.union([z.number(), z.string()])).min(2).nullable(),
  start: z.union([z.number(), z.string()]).nullable(),
  text: z.string().min(1),
});

export const TwomEnvelopeItem = TwomItem.extend({
  kind: z.literal('twom-envelope'),
  letter: z.enum(['A', 'B', 'C', 'D', 'E']),
  text: z.string().min(1),
  /** Null while the seed does not say which Scenario opens it. */
  scenarioId: ContentId.nullable(),
});

/** A place a roll or a card can send the group to. */
export const TwomLocationItem = TwomItem.extend({
  kind: z.literal('twom-location'),
  /** Other printed names for the same result. */
  aliases: z.array(z.string().min(1)).default([]),
  text: z.string().min(1),
});

export const TwomComponentItem = TwomItem.extend({
  kind: z.literal('twom-component'),
  componentType: z.enum(['miniature', 'token', 'tile', 'sheet', 'book', 'chart', 'table', 'map', 'card', 'other']),
  quantity: z.number().int().positive().nullable(),
  scenarioId: ContentId.optional(),
  /** Text printed on the component, when the seed gives it. */
  text: z.string().min(1).optional(),
  description: z.string().min(1).optional(),
});

/** One phase of the day, in turn order; its prose lives in the linked rule section. */
export const TwomPhaseItem = TwomItem.extend({
  kind: z.literal('twom-phase'),
  order: z.number().int().positive(),
  subtitle: z.string().min(1).optional(),
  ruleSectionId: ContentId,
  /** Whether the phase ends by passing the Journal to the next player. */
  passesJournal: z.boolean(),
  tableIds: z.array(ContentId).default([]),
  testIds: z.array(ContentId).default([]),
});

/**
 * A lookup that is not rolled: food against Hunger, night tasks, the colour of
 * a Tactics space. `values` holds what a row changes, as numbers where the seed
 * gives numbers.
 */
export const TwomTableItem = TwomItem.extend({
  kind: z.literal('twom-table'),
  text: z.string().min(1),
  rows: z
    .array(
      z.object({
        key: z.string().min(1),
        /** Null where the seed names the row but not its effect. */
        text: z.string().min(1).nullable(),
        values: z.record(z.union([z.number(), z.string()])).default({}),
      }),
    )
    .min(1),
});

/**
 * A roll against a value that changes during play (Noise, the Hide statistic,
 * the Threat level), which a fixed roll table cannot express.
 */
export const TwomTestItem = TwomItem.extend({
  kind: z.literal('twom-test'),
  dieId: ContentId,
  /** How the target number is made up, in the seed's words. */
  target: z.string().min(1),
  /** How many rolls, when not one. */
  rolls: z.string().min(1).optional(),
  reroll: z.string().min(1).optional(),
  ifAtMost: z.string().min(1).nullable(),
  ifHigher: z.string().min(1).nullable(),
  text: z.string().min(1),
});

/** A side of the double-sided Tactics Map and the Locations it is used for. */
export const TwomMapSideItem = TwomItem.extend({
  kind: z.literal('twom-map-side'),
  side: z.string().min(1),
  locationSizes: z.array(z.enum(['small', 'medium', 'large'])).min(1),
  text: z.string().min(1),
});

export const twomKinds = [
  TwomScenarioItem,
  TwomSetupItem,
  TwomCardItem,
  TwomCharacterItem,
  TwomTrackItem,
  TwomEnvelopeItem,
  TwomLocationItem,
  TwomComponentItem,
  TwomPhaseItem,
  TwomTableItem,
  TwomTestItem,
  TwomMapSideItem,
] as const;

type TwomKindItem = z.infer<(typeof twomKinds)[number]>;

function setupLinks(setup: z.infer<typeof TwomSetup>): string[] {
  return [
    ...setup.deckChanges.flatMap((change) => change.deckIds),
    ...setup.characters.draws.flatMap((draw) => draw.characterIds),
    ...[...setup.specialCards, ...setup.specialTokens].flatMap((placement) => [
      ...placement.cardIds,
      ...placement.componentIds,
      ...placement.trackIds,
    ]),
  ];
}

const optional = (...ids: (string | null | undefined)[]): string[] => ids.filter((id): id is string => !!id);

/** Ids an item of these kinds points at, or undefined when the kind is not one of these. */
export function twomLinks(item: { kind: string }): string[] | undefined {
  const twom = item as TwomKindItem;
  const base = (): string[] => [twom.gameId, twom.moduleId];
  switch (twom.kind) {
    case 'twom-scenario':
      return [
        ...base(),
        ...setupLinks(twom.setup),
        ...twom.cardIds,
        ...twom.characterIds,
        ...twom.trackIds,
        ...twom.componentIds,
        ...optional(twom.envelopeId),
      ];
    case 'twom-setup':
      return [...base(), twom.ruleSectionId, ...setupLinks(twom.setup)];
    case 'twom-card':
      return [
        ...base(),
        ...optional(twom.deckId, twom.shuffleIntoDeckId, twom.scenarioId),
        ...twom.rollTableIds,
        ...twom.trackIds,
      ];
    case 'twom-character':
    case 'twom-track':
    case 'twom-component':
      return [...base(), ...optional(twom.scenarioId)];
    case 'twom-envelope':
      return [...base(), ...optional(twom.scenarioId)];
    case 'twom-phase':
      return [...base(), twom.ruleSectionId, ...twom.tableIds, ...twom.testIds];
    case 'twom-test':
      return [...base(), twom.dieId];
    case 'twom-location':
    case 'twom-table':
    case 'twom-map-side':
      return base();
    default:
      return undefined;
  }
}
