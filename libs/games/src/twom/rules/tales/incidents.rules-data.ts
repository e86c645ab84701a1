import { Border } from '../core/twom.rules-data';

/**
 * The five Incident Scenarios of seed 000 ("Incidents"), each transcribed from
 * its "Setup changes" list. Facts the seed leaves to the Scenario sheet (track
 * charts, Needs positions) are absent on purpose.
 */

export type IncidentId = 'blood-in-the-snow' | 'refugees' | 'epidemic' | 'side-by-side' | 'you-and-me';

export type IncidentEventStep =
  | { readonly kind: 'shuffle-endings'; readonly count: number }
  | { readonly kind: 'ending'; readonly name: string }
  | { readonly kind: 'events'; readonly count: number };

export interface StateTokenRule {
  readonly state: 'Misery' | 'Hunger' | 'Illness';
  readonly level: number;
  /** `each` goes to every starting Character; otherwise the players choose. */
  readonly target: 'each' | { readonly chosen: number; readonly rule: string };
}

export interface IncidentRecipe {
  readonly id: IncidentId;
  readonly title: string;
  readonly setAsideEvents: readonly string[];
  /** Bottom first. */
  readonly eventDeck: readonly IncidentEventStep[];
  /** A token slid into the finished Events deck after `afterCount` cards from the top. */
  readonly eventToken?: { readonly name: string; readonly afterCount: number };
  readonly cold?: { readonly tokens: number; readonly card?: string };
  readonly characters:
    | { readonly draw: readonly { readonly border: Border; readonly count: number }[] }
    | { readonly special: readonly string[]; readonly removeFromDeck: readonly string[] };
  readonly stateTokens: readonly StateTokenRule[];
  readonly storage: Readonly<Record<string, number>>;
  /** "any other TOKENS WORTH 20 or less", with exceptions. */
  readonly freeTokens: { readonly worth: number; readonly except: readonly string[] };
  readonly tracks: Readonly<Record<string, number | string>>;
  /** A scenario deck the seed lists card by card, shuffled at setup. */
  readonly scenarioDeck?: { readonly name: string; readonly cards: readonly string[] };
  /** The Setup's other changes, each a passage of seed 000 word for word, for the players to carry out. */
  readonly notes: readonly string[];
}

const CEASEFIRE_ONLY: readonly IncidentEventStep[] = [
  { kind: 'ending', name: 'CEASEFIRE' },
  { kind: 'events', count: 5 },
];

// Each note is one printed passage of the Scenario's setup, word for word (the content audit checks it).
const FITTINGS_NOTE =
  'Place all of the FITTING cards (both those with a green corner and with an orange corner) in a single deck on the Fittings space. In this Scenario the Ideas space and the New Idea action are not used.';
const OBJECTIVE_NOTE =
  'Draw 1 OBJECTIVE card and place it on the Objectives space. Resolve it at the end of the game, while resolving script 1000 (Ceasefire), instead of resolving the Final Objective. If you do not manage to accomplish this Objective, you lose the game. Do not use any other OBJECTIVE cards when playing this Scenario. Remove them from the game.';
const RED_CORNERS_NOTE = 'The NIGHT RAIDS and RESIDENTS decks should contain all of their cards. Do not remove any cards with a red corner.';
const BASIC_ADVANCED_FITTING_NOTE =
  'Find the SIMPLE HEATER and choose any 1 BASIC / ADVANCED FITTING card and place them on any empty Shelter spaces. Any advanced Fittings should be placed next to their prerequisite basic Fittings, according to the description on their backs.';
const NO_SHELTER_OR_OBJECTIVES_NOTE = 'The following decks are excluded from this playthrough: SHELTER, OBJECTIVES. Remove them from the game.';
const NO_DUTY_NOTE = 'Remove the DUTY card from the NARRATIVE ACTIONS deck.';

export const INCIDENTS: Readonly<Record<IncidentId, IncidentRecipe>> = {
  /** 000 Incidents, "Blood in the Snow" setup changes. */
  'blood-in-the-snow': {
    id: 'blood-in-the-snow',
    title: 'Blood in the Snow',
    setAsideEvents: ['HARSH WINTER'],
    eventDeck: [
      { kind: 'shuffle-endings', count: 3 },
      { kind: 'events', count: 3 },
    ],
    cold: { tokens: 4, card: 'HARSH WINTER' },
    characters: { draw: [{ border: 'red', count: 2 }, { border: 'black', count: 1 }] },
    stateTokens: [{ state: 'Misery', level: 2, target: 'each' }],
    storage: { Water: 2, Wood: 10, Components: 10, Knife: 1, 'Zip-Tie': 1 },
    freeTokens: { worth: 20, except: [] },
    tracks: { 'Wounded Luka': 'Heavily Wounded', Blizzard: 3, 'Suspicions (each of 4 tracks)': 0 },
    notes: [
      OBJECTIVE_NOTE,
      RED_CORNERS_NOTE,
      'Remove the following cards from the VISITORS deck: STARVING NEIGHBORS, PLEASE HELP US!, DOCTOR, and BEGGARS.',
      FITTINGS_NOTE,
      BASIC_ADVANCED_FITTING_NOTE,
      'Place the DAWN PHASE card on the Fate deck. You will need to resolve it at the beginning of each Dawn Phase, before drawing the Fate card.',
      'Shuffle 4 SPECIAL VISITORS cards into the Visitors deck.',
      'Place the ZIP-TIE token in the Storage. This token cannot be stolen, lost or traded in any way until the end of the game. The value of the token is 0.',
    ],
  },
  /** 000 Incidents, "Refugees" setup changes. */
  refugees: {
    id: 'refugees',
    title: 'Refugees',
    setAsideEvents: [],
    eventDeck: CEASEFIRE_ONLY,
    characters: { draw: [{ border: 'red', count: 1 }, { border: 'black', count: 1 }] },
    stateTokens: [
      { state: 'Misery', level: 2, target: { chosen: 1, rule: 'next to 1 chosen Character' } },
      { state: 'Hunger', level: 1, target: { chosen: 1, rule: 'next to 1 chosen Character' } },
    ],
    storage: { Water: 2, Wood: 10, Components: 10, 'Mechanical Parts': 2, 'Electrical Parts': 2, 'Weapon Parts': 2 },
    freeTokens: { worth: 20, except: [] },
    tracks: { Cover: 4, Condition: 3, 'Refugee Help tokens': 3 },
    notes: [
      OBJECTIVE_NOTE,
      RED_CORNERS_NOTE,
      'Remove the following cards from the NIGHT RAIDS deck: HOBOS, 2x LOOTERS, MEMORIES, and RAGING GANG.',
      'Remove the following cards from the VISITORS deck: all ARRIVAL cards, STARVING NEIGHBORS, and BEGGARS. Please notice: As this game will not involve any Arrival cards, there is little to no chance any new Characters will join the starting group.',
      FITTINGS_NOTE,
      'Choose any 1 BASIC / ADVANCED FITTING and place it on any empty Shelter space.',
      'Place the DAWN PHASE card on the Fate deck. You will resolve it at the beginning of each Dawn phase, before drawing a Fate card.',
      'Place the REFUGEE HIDEOUT card on any empty Shelter space.',
      'Shuffle 3 SPECIAL VISITORS cards into the Visitors deck.',
      'Shuffle 3 SPECIAL NIGHT RAID cards into the Night Raids deck.',
    ],
  },
  /** 000 Incidents, "Epidemic" setup changes. */
  epidemic: {
    id: 'epidemic',
    title: 'Epidemic',
    setAsideEvents: [],
    eventDeck: CEASEFIRE_ONLY,
    eventToken: { name: 'EPIDEMIC token', afterCount: 1 },
    cold: { tokens: 2 },
    characters: { draw: [{ border: 'red', count: 2 }, { border: 'black', count: 1 }] },
    stateTokens: [{ state: 'Illness', level: 1, target: 'each' }],
    storage: { Water: 2, Wood: 10, Components: 10 },
    freeTokens: { worth: 20, except: ['VACCINE'] },
    tracks: { 'Vaccine tokens': 3 },
    scenarioDeck: {
      name: 'Epidemic deck',
      cards: [
        "Let's Avoid the Infected",
        'I Was Just Seeing Things...',
        'I Was Just Seeing Things...',
        'The Infected!',
        'Do Not Leave Me to Die...',
      ],
    },
    notes: [
      OBJECTIVE_NOTE,
      RED_CORNERS_NOTE,
      FITTINGS_NOTE,
      BASIC_ADVANCED_FITTING_NOTE,
    ],
  },
  /** 000 Incidents, "Side By Side" setup changes. */
  'side-by-side': {
    id: 'side-by-side',
    title: 'Side By Side',
    setAsideEvents: [],
    eventDeck: CEASEFIRE_ONLY,
    characters: { draw: [{ border: 'red', count: 1 }, { border: 'black', count: 2 }] },
    stateTokens: [
      { state: 'Hunger', level: 2, target: { chosen: 2, rule: 'next to 2 different Characters' } },
      { state: 'Illness', level: 1, target: { chosen: 1, rule: 'next to 1 Character without any State tokens' } },
    ],
    storage: { Water: 3, Wood: 10, Components: 10 },
    freeTokens: { worth: 20, except: [] },
    tracks: { 'Needs tokens (1 on each marked space)': 4 },
    notes: [
      NO_SHELTER_OR_OBJECTIVES_NOTE,
      NO_DUTY_NOTE,
      RED_CORNERS_NOTE,
      FITTINGS_NOTE,
      'Choose any 1 BASIC FITTING card and place it on any empty Shelter space.',
      'Place the DAWN PHASE card on the Fate deck. You will need to resolve it at the beginning of each Dawn phase, before drawing the Fate card. Read the narrative introduction from all NEIGHBOR spaces. Then place all NEIGHBOR cards face-up on their corresponding spaces on the Scenario sheet.',
      "Place the VLADIMIR token on Vladimir's card.",
    ],
  },
  /** 000 Incidents, "You and Me" setup changes. */
  'you-and-me': {
    id: 'you-and-me',
    title: 'You and Me',
    setAsideEvents: [],
    eventDeck: CEASEFIRE_ONLY,
    characters: { special: ['DINA', 'ZORAN'], removeFromDeck: ['ZLATA', 'MARKO'] },
    stateTokens: [{ state: 'Illness', level: 1, target: { chosen: 1, rule: 'next to 1 Character' } }],
    storage: { Water: 2, Wood: 10, Components: 10, Vegetable: 1 },
    freeTokens: { worth: 20, except: [] },
    tracks: {},
    notes: [
      NO_SHELTER_OR_OBJECTIVES_NOTE,
      'Remove the MEMORIES... card from the NIGHT RAIDS deck.',
      'Remove the HOSPITAL card from the LOCATIONS deck.',
      NO_DUTY_NOTE,
      'The RESIDENTS deck should contain all of its cards. Do not remove any cards with a red corner.',
      FITTINGS_NOTE,
      'Choose any 2 BASIC FITTING cards and place them on any empty Shelter spaces.',
      "Use Zlata's and Marko's miniatures to represent Dina and Zoran, respectively, in this Scenario.",
      'Place the AID ZONE deck face-down on the AID ZONE space on the Scenario sheet. Place the VISITING THE AID ZONE card on the Findings Pile.',
    ],
  },
};

export const INCIDENT_IDS = Object.keys(INCIDENTS) as IncidentId[];

/** The Scenario's content item (pack `twom-tales`, scenarios.json). */
export function scenarioContentId(id: IncidentId): string {
  return `twom:scenario:${id}`;
}
