import { ProcedureHome } from '@scriptbook/rules-engine';
import { DieTable } from './black-die';

/**
 * Numbers and tables of This War of Mine: The Board Game, all from seed 001
 * (the core rulebook text). The section each comes from is named per item.
 */

export const TWOM_GAME_ID = 'twom';

/** The core game's module, as the content names it. */
export const TWOM_CORE_MODULE_ID = 'twom:module:core';

/** Where the core game's procedures belong in the catalog. */
export const TWOM_CORE_HOME: ProcedureHome = { gameId: TWOM_GAME_ID, moduleId: TWOM_CORE_MODULE_ID };

export type Border = 'red' | 'black';

/** 001 Setup §2 "Draw the first red-bordered card and the first two black-bordered cards." */
export const STARTING_CHARACTERS: readonly { readonly border: Border; readonly count: number }[] = [
  { border: 'red', count: 1 },
  { border: 'black', count: 2 },
];

/** 001 Setup §2 "Place a Hunger token (level 2) near each Character." */
export const STARTING_HUNGER = 2;

/** 001 Setup §3 "Draw 3 cards from the LOCATIONS deck and place them in the 3 Location spaces." */
export const LOCATION_SPACES = 3;

/** 001 Setup §6 "Lockpick, Shovel, 4 Components, 4 Wood, 2 Water, 3 Raw Food." */
export const STARTING_STOCKPILE: Readonly<Record<string, number>> = {
  Lockpick: 1,
  Shovel: 1,
  Components: 4,
  Wood: 4,
  Water: 2,
  'Raw Food': 3,
};

/**
 * 000 The Cat: "If you do this [start with the Cat], do not add 3 Raw Food to
 * the Storage during Setup."
 */
export const CAT_REPLACES_RAW_FOOD = 3;

export type EventDeckStep =
  | { readonly kind: 'final-events'; readonly count: number }
  | { readonly kind: 'chapter'; readonly chapter: 'I' | 'II' | 'III' }
  | { readonly kind: 'events'; readonly count: number };

/**
 * 001 Setup §5 "Build Event Deck", bottom first: shuffle 3 Final Events,
 * Chapter III, 4 random Events, Chapter II, 3 random Events, Chapter I.
 */
export const EVENT_DECK_RECIPE: readonly EventDeckStep[] = [
  { kind: 'final-events', count: 3 },
  { kind: 'chapter', chapter: 'III' },
  { kind: 'events', count: 4 },
  { kind: 'chapter', chapter: 'II' },
  { kind: 'events', count: 3 },
  { kind: 'chapter', chapter: 'I' },
];

export type WaterEffect = 'hunger' | 'sadness';

/** 001 Dusk "Water": "1-5 increases Hunger by 1; 6-10 increases Sadness by 1." */
export const NO_WATER_TABLE: DieTable<WaterEffect> = [
  { from: 1, to: 5, outcome: 'hunger', text: 'increases Hunger by 1' },
  { from: 6, to: 10, outcome: 'sadness', text: 'increases Sadness by 1' },
];

/** 001 Dusk "Water": "Each Character must drink 1 Water". */
export const WATER_PER_CHARACTER = 1;

export type FoodKind = 'cannedFood' | 'rawFood' | 'vegetable';

export const FOOD_KINDS: readonly FoodKind[] = ['cannedFood', 'rawFood', 'vegetable'];

export const FOOD_NAMES: Readonly<Record<FoodKind, string>> = {
  cannedFood: 'Canned Food',
  rawFood: 'Raw Food',
  vegetable: 'Vegetable',
};

/** 001 Dusk "Hunger": Canned Food −2, Raw Food −1, Vegetable "remains the same". */
export const FOOD_HUNGER_CHANGE: Readonly<Record<FoodKind, number>> = {
  cannedFood: -2,
  rawFood: -1,
  vegetable: 0,
};

/** 001 Dusk "Hunger": "NO FOOD: increases Hunger by 1." */
export const NO_FOOD_HUNGER_CHANGE = 1;

/** The lowest Hunger and Tiredness the engine keeps: no rulebook prints one, so every step that stops at it says why. */
export const LOWEST_LEVEL = 0;

export const HUNGER_FLOOR_REASONING =
  'Seed 001 gives Hunger no lowest level ("CANNED FOOD: reduces Hunger by 2."); it is kept at 0 or more, the level its one reset names for Tiredness ("Reset the Character\'s Tiredness to zero.").';

export const TIREDNESS_FLOOR_REASONING =
  'Seed 001 gives Tiredness no lowest level ("Reduce the Tiredness of these Characters by 2."); it is kept at 0 or more, the level a Bed resets it to ("Reset the Character\'s Tiredness to zero.").';

export type NightTask = 'bed' | 'floor' | 'guard' | 'scavenge';

export const NIGHT_TASKS: readonly NightTask[] = ['bed', 'floor', 'guard', 'scavenge'];

/** 001 Night: the four tasks and what each does to Tiredness. */
export const NIGHT_TASK_RULES: Readonly<
  Record<NightTask, { readonly title: string; readonly tiredness: { readonly set: number } | { readonly change: number } }>
> = {
  bed: { title: 'Sleep in a Bed', tiredness: { set: 0 } },
  floor: { title: 'Sleep on the Floor', tiredness: { change: -2 } },
  guard: { title: 'Guard', tiredness: { change: 1 } },
  scavenge: { title: 'Scavenge', tiredness: { change: 1 } },
};

/** 001 Night "SLEEP IN A BED: Place up to 1 Character on 1 BED card." */
export const CHARACTERS_PER_BED = 1;

/** 001 Night "There must be at least 1 guard." */
export const MIN_GUARDS = 1;

/** 001 Night "Place up to 3 Characters in the LOOT PILE space". */
export const MAX_SCAVENGERS = 3;

/** 001 Scavenge "the number displayed on the chosen Location (10, 12, or 14)". */
export const UNKNOWN_DECK_SIZES: readonly number[] = [10, 12, 14];

/** 001 Scavenge "Place the Noise token on the "1" space of the marker." */
export const NOISE_START = 1;

/** 001 Scavenge "result is equal to or less than the current Noise, an encounter is activated: set the Noise counter to "1"". */
export const NOISE_AFTER_ENCOUNTER = 1;

/** 001 Scavenge "Loot Choice": "resources weigh 1". */
export const RESOURCE_WEIGHT = 1;

/** 001 Scavenge "Loot Choice": resources that may be added freely. */
export const FREE_RESOURCES: readonly string[] = ['Wood', 'Components', 'Water'];

/** 001 Night Raid "Each constructed BARRICADE BOARDS token reduces 1 WOUND or 1 LOSS." */
export const BARRICADE_REDUCTION = 1;

export type LockOutcome = 'no-effect' | 'opened';

/** 001 Daytime "Pick the Lock": "Result 1-3: no effect. Result 4-10: discard the Lockpick and resolve the back of the card." */
export const PICK_LOCK_TABLE: DieTable<LockOutcome> = [
  { from: 1, to: 3, outcome: 'no-effect', text: 'no effect' },
  { from: 4, to: 10, outcome: 'opened', text: 'discard the Lockpick and resolve the back of the card' },
];

/** 001 Night Raid, Crime Wave: "shuffle 2 of them (in any combination) back into their respective decks." */
export const CRIME_WAVE_CARDS = 2;

/** 001 Dawn: "Draw and resolve 1 Fate Card". */
export const FATE_CARDS_AT_DAWN = 1;

/** 001 Dawn: "Draw 2 Narrative Action cards, read them, choose one, and shuffle the other back into the deck." */
export const NARRATIVE_ACTION_CARDS_AT_DAWN = 2;
