import { ProcedureHome } from '@scriptbook/rules-engine';
import { DieTable, unprintedRow } from '../core/black-die';
import { TWOM_GAME_ID } from '../core/twom.rules-data';

/**
 * Numbers, tables and recipes of Tales from the Ruined City, all from seed
 * 000 (the expansion rulebook). Each item names its module and card.
 */

/** The module Tales from the Ruined City, as the content names it. */
export const TALES_MODULE_ID = 'twom:module:tales-from-the-ruined-city';

/** Where the Tales procedures belong in the catalog: the game This War of Mine, the Tales module. */
export const TALES_HOME: ProcedureHome = { gameId: TWOM_GAME_ID, moduleId: TALES_MODULE_ID };

export type CatOutcome = 'wandered-off' | 'lower-misery' | 'raw-food';

/** 000 The Cat card: "Once per day, at any time, roll the Black die." */
export const CAT_TABLE: DieTable<CatOutcome> = [
  { from: 1, to: 4, outcome: 'wandered-off', text: 'the Cat wandered off. It will be back tomorrow' },
  { from: 5, to: 7, outcome: 'lower-misery', text: "I've always liked cats... Lower the Misery of 1 chosen Character present by 1" },
  { from: 8, to: 10, outcome: 'raw-food', text: 'the Cat has brought something. Add 1 Raw Food to the Storage' },
];

/** 000 The Cat card, 5-7 row. */
export const CAT_MISERY_RELIEF = 1;
/** 000 The Cat card, 8-10 row. */
export const CAT_RAW_FOOD = 1;

/** 000 Desperate Measures, "Wait a Minute!". */
export const WAIT_A_MINUTE = {
  title: 'Wait a Minute!',
  atOrBelow: 'you were able to avoid the Combat',
  above: 'the Enemies perform a Backstab before Combat',
} as const;

/** 000 Desperate Measures, "Stuff of Nightmares": equal or lower raises Misery by 1. */
export const STUFF_OF_NIGHTMARES = {
  title: 'Stuff of Nightmares',
  miseryAtOrBelow: 1,
  /** The seed's own source note on the comparison line. */
  sourceNote:
    'Seed 000 notes that the last words of the comparison line are partly covered by an overlapping card in the booklet; "raise their Misery by 1" is the reading of the visible text.',
} as const;

/** 000 Desperate Measures, "Jokes and Hopes": equal or lower −2 Misery, greater +1. */
export const JOKES_AND_HOPES = { title: 'Jokes and Hopes', miseryAtOrBelow: -2, miseryAbove: 1 } as const;

/** 000 Desperate Measures, "Through the Window!": "Result = 1-3 – 1 chosen Character suffers 2 Wounds." */
export const THROUGH_THE_WINDOW_TABLE: DieTable<number> = [
  { from: 1, to: 3, outcome: 2, text: '1 chosen Character suffers 2 Wounds' },
  unprintedRow(4, 10, 0, 'no Character suffers Wounds', 'Seed 000 prints only "Result = 1-3 – 1 chosen Character suffers 2 Wounds." on Through the Window!; any other result is read as no Wounds.'),
];

/** 000 Blood in the Snow, Wounded Luka card: "Heavily Wounded, Critical Condition, Dead". */
export const LUKA_LEVELS = ['Heavily Wounded', 'Critical Condition', 'Dead'] as const;
export type LukaLevel = (typeof LUKA_LEVELS)[number];

/** 000 Blood in the Snow Dawn Phase card: "If the Condition token is at the Heavily Wounded level, roll the Black die. Result = 8-10 – see Blood In The Snow script 2." */
export const LUKA_DAWN_TABLE: DieTable<boolean> = [
  unprintedRow(1, 7, false, 'the card does not send you to the script', 'Seed 000 prints only "Result = 8-10 – see Blood In The Snow script 2." on the Dawn Phase card; any other result is read as not sending you there.'),
  { from: 8, to: 10, outcome: true, text: 'see Blood In The Snow script 2' },
];

/** Content ids of the Scenario tracks these procedures move (pack `twom-tales`, components.json). */
export const TRACK_IDS = {
  lukaCondition: 'twom:track:blood-in-the-snow:luka-condition',
  cover: 'twom:track:refugees:cover',
  condition: 'twom:track:refugees:condition',
  needs: 'twom:track:side-by-side:needs',
} as const;

/** 000 Blood in the Snow Dawn Phase card, its last sentence. */
export const LUKA_DAWN_AFTERWARDS = 'Afterwards, shuffle this card back into the Visitors deck.';

/** 000 Refugees setup: "Place the COVER token on the space "4"" and "the CONDITION token on the space "3"". */
export const REFUGEES_START = { cover: 4, condition: 3 } as const;

/** 000 Refugees Dawn Phase card, in printed order. */
export const REFUGEES_DAWN = {
  /** "If the result is equal to or lower than the amount of Cold tokens minus Board-Ups, lower the Condition of the Refugees by 1." */
  coldConditionLoss: 1,
  /** "If the result is higher than the current Cover of the Refugees, lower the Cover by 3." */
  coverRollLoss: 3,
  /** "If the Condition = 1 or 2: lower the Cover of the Refugees by 2." */
  lowCondition: { from: 1, to: 2, coverChange: -2 },
  /** "If the Condition = 5 or 6: raise the Cover of the Refugees by 2." */
  highCondition: { from: 5, to: 6, coverChange: 2 },
  /** "Lower the Condition by 2." — the card's last sentence as the seed prints it. */
  finalConditionChange: -2,
} as const;

/** 000 Refugees cards: Cover-roll losses printed per card. */
export interface CoverRollCard {
  readonly title: string;
  readonly coverLoss: number;
  /** The card's closing line, naming the deck it goes back into; null where the seed states none. */
  readonly afterwards: string | null;
}

/**
 * 000 Refugees cards that make the Cover roll, one per printed card, keyed by
 * the end of its content id (`twom:card:refugees:<key>`). The Visitors-deck
 * "We Are Looking for Someone..." printed with no Cover roll is not here.
 */
export const COVER_ROLL_CARDS = {
  'we-are-looking-for-someone-night-raids': {
    title: 'We Are Looking for Someone...',
    coverLoss: 3,
    afterwards: 'Afterwards, shuffle this card back into the Night Raids deck.',
  },
  'we-know-they-are-here-night-raids': {
    title: 'We Know They Are Here...',
    coverLoss: 5,
    afterwards: 'Afterwards, shuffle this card back into the Night Raids deck.',
  },
  'refugees-night-raids': { title: 'Refugees', coverLoss: 3, afterwards: 'Afterwards, shuffle this card back into the Night Raids deck.' },
  'we-know-they-are-here-visitors': {
    title: 'We Know They Are Here...',
    coverLoss: 5,
    afterwards: 'Afterwards, shuffle this card back into the Visitors deck.',
  },
  'we-are-looking-for-someone-visitors-2': {
    title: 'We Are Looking for Someone...',
    coverLoss: 3,
    afterwards: 'Afterwards, shuffle this card back into the Visitors deck.',
  },
  'we-are-looking-for-someone-deck-not-stated': { title: 'We Are Looking for Someone...', coverLoss: 3, afterwards: null },
} as const satisfies Record<string, CoverRollCard>;

export type CoverRollCardKey = keyof typeof COVER_ROLL_CARDS;

export function refugeesCardContentId(key: CoverRollCardKey): string {
  return `twom:card:refugees:${key}`;
}

/** 000 Side By Side Dawn Phase card: "Raise the Needs of all Neighbors by 1." */
export const NEEDS_DAWN_RAISE = 1;

/** 000 Emira card (Homeless). */
export const EMIRA = {
  name: 'Emira',
  prowess: 0,
  empathy: 5,
  inventory: 3,
  /** "Spirit – Habit: Discard 1 Moonshine or 100% Alcohol from the Storage or raise Emira's Misery by 1." */
  habitMisery: 1,
  /** "Spirit: If Emira is hungry, lower her Hunger by 1." */
  hungryRelief: 1,
  /** "Spirit: If Emira is miserable (level 2 or 3), raise her Misery by 1." */
  miserable: { from: 2, to: 3, miseryChange: 1 },
  /**
   * The seed does not define "hungry"; Zoran's card qualifies "wounded, ill,
   * miserable or hungry" with "(level 2 or 3)", so the same levels are used.
   */
  hungry: { from: 2, to: 3 },
} as const;

export type SewersExit = 'near' | 'distant' | 'far';

/** 000 Resolving the Sewers Exploration, "Reaching the Exit from the Sewers". */
export const SEWERS_EXIT_TABLE: DieTable<SewersExit> = [
  { from: 1, to: 5, outcome: 'near', text: 'Near Location' },
  { from: 6, to: 8, outcome: 'distant', text: 'Distant Location' },
  { from: 9, to: 10, outcome: 'far', text: 'Far Location' },
];

/** 000 Sewers: "The number of Exploration cards in the Unknown deck is half its normal number (rounding down)." */
export const SEWERS_UNKNOWN_DIVISOR = 2;

/** 000 Thugs and the Sewers Module (Optional Rule): Thugs placed on entering. */
export const SEWERS_THUGS_TABLE: DieTable<number> = [
  { from: 1, to: 5, outcome: 1, text: '1 Thug' },
  { from: 6, to: 8, outcome: 2, text: '2 Thugs' },
  { from: 9, to: 10, outcome: 3, text: '3 Thugs' },
];

/** 000 Thugs optional rule: "All Thugs are armed with Knives. You may try to STOP the fight – see 40". */
export const SEWERS_THUG_WEAPON = 'Knives';
export const SEWERS_STOP_SCRIPT = 40;
/** 000 Thugs optional rule: "After defeating all Enemies – see 33". */
export const DEFEATED_ALL_SCRIPT = 33;

/** 000 Farmers, Desperate People (Residents card): "roll the Black die: 1-3 – one, 4-8 – two, 9-10 – three". */
export const DESPERATE_PEOPLE_TABLE: DieTable<number> = [
  { from: 1, to: 3, outcome: 1, text: 'one' },
  { from: 4, to: 8, outcome: 2, text: 'two' },
  { from: 9, to: 10, outcome: 3, text: 'three' },
];

/** 000 Desperate People: "They are armed with: nothing, Knife, Hatchet." — read as first, second, third. */
export const DESPERATE_PEOPLE_WEAPONS: readonly string[] = ['nothing', 'Knife', 'Hatchet'];

/** 000 Desperate People: "If there is no Combat: ... TRADE with them – see 355. If there is Combat: ... STOP the fight – see 880." */
export const DESPERATE_PEOPLE_SCRIPTS = { trade: 355, stop: 880, defeated: 33 } as const;

/** 000 Wares cards rows "Tolerance: 4, Tolerance: 3-1 and Tolerance: 0": the track runs 0 to 4. */
export const TOLERANCE_MIN = 0;
export const TOLERANCE_MAX = 4;
export const TOLERANCE_ROWS: readonly { readonly from: number; readonly to: number; readonly label: string }[] = [
  { from: 4, to: 4, label: 'Tolerance: 4' },
  { from: 1, to: 3, label: 'Tolerance: 3-1' },
  { from: 0, to: 0, label: 'Tolerance: 0' },
];

/** 000 Market, changes in rules: "Discard any 1 token from the Findings Pile. Then draw 1 card from the Wares deck". */
export const MARKET_DISCARD = 1;
export const REALITY_IMPACT = 'Reality Impact';

/** 000 Market sheet STEAL: "For each icon rolled, add ... any tokens ... worth up to 5." */
export const STEAL_VALUE_PER_ICON = 5;
/** 000 Market sheet STEAL: "lower the Tolerance by moving the Tolerance token on the track 1 space to the left." */
export const STEAL_TOLERANCE_CHANGE = -1;
/** 000 Market sheet STEAL (Thug space): "Raise the Thief's Wounds by 1." (Farmer space): "Raise the Thief's Fatigue by 1." */
export const STEAL_BLANK = { thug: { wounds: 1 }, farmer: { fatigue: 1 } } as const;
/** 000 Market sheet LOOT: "move the Tolerance token to the "0" space". */
export const LOOT_TOLERANCE = 0;
/** 000 Market sheet LOOT sections: weapons by Enemy token letter. */
export const LOOT_WEAPONS = {
  farmer: { A: 'nothing', B: 'Knife', C: 'Hatchet' },
  thug: { A: 'Knife', B: 'Hatchet', C: 'Pistol' },
} as const;

/** 000 Epidemic card "Let's Avoid the Infected": "If you talk with the infected, roll the Black die. Result = 1-3 – choose 1 Character present and raise their Illness by 1." */
export const LETS_AVOID_THE_INFECTED_TABLE: DieTable<number> = [
  { from: 1, to: 3, outcome: 1, text: 'choose 1 Character present and raise their Illness by 1' },
  unprintedRow(4, 10, 0, 'no Illness is raised', 'Seed 000 prints only "Result = 1-3 – choose 1 Character present and raise their Illness by 1." on Let\'s Avoid the Infected; any other result is read as raising no Illness.'),
];

/** 000 Epidemic card "Let's Avoid the Infected": "... or choose 1 Character present and raise their Misery by 1." */
export const KEEP_AWAY_MISERY = 1;

/** 000 Epidemic cards: the closing line of "Let's Avoid the Infected" and "Do Not Leave Me to Die...". */
export const BACK_INTO_EPIDEMIC_DECK = 'Afterwards, shuffle this card back into the Epidemic deck.';

/** 000 Epidemic card "Do Not Leave Me to Die...": "Discard 1 Meds / Herbal Meds / Canned Food / Raw Food / Vegetable". */
export const DO_NOT_LEAVE_ME_TOKENS = ['Meds', 'Herbal Meds', 'Canned Food', 'Raw Food', 'Vegetable'] as const;
/** 000 "Do Not Leave Me to Die...": "equal to or lower than a Character's Empathy = raise their Misery by 1". */
export const DO_NOT_LEAVE_ME_MISERY = 1;

/** 000 Farmers card "Goat", Kill the Goat: "Set the Hunger of all Characters present to 0 and add 6 Raw Food to the Storage." */
export const KILL_THE_GOAT = { hunger: 0, rawFood: 6, miseryAtOrBelow: 1, afterwards: 'Afterwards, remove this card from the game.' } as const;
