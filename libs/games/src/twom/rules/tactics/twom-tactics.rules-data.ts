import { ProcedureHome } from '@scriptbook/rules-engine';
import { DieTable, unprintedRow } from '../core/black-die';
import { TWOM_GAME_ID } from '../core/twom.rules-data';

/** Numbers and tables of This War of Mine: Tactics, all from seed 002. */

/** The module Tactics, as the content names it. */
export const TACTICS_MODULE_ID = 'twom:module:tactics';

/** Where the Tactics procedures belong in the catalog: the game This War of Mine, the Tactics module. */
export const TACTICS_HOME: ProcedureHome = { gameId: TWOM_GAME_ID, moduleId: TACTICS_MODULE_ID };

export type LocationSize = 'small' | 'medium' | 'large';
export const LOCATION_SIZES: readonly LocationSize[] = ['small', 'medium', 'large'];

/** 002 Setup, "Determine The Side of the Tactics Map": Medium or Large → A, Small → B. */
export const MAP_SIDE: Readonly<Record<LocationSize, 'A' | 'B'>> = { small: 'B', medium: 'A', large: 'A' };

/** 002 Tactics: "place the double-sided Tactics Map next to the decks, along with 9 Tactics tokens and 4 Soldier minis." */
export const TACTICS_TOKENS = 9;
export const SOLDIER_MINIS = 4;

/** 002 "Placement of the Tactics Tokens": 1 on a single-icon space, 2 on a double-icon space. */
export const TOKENS_PER_SINGLE_ICON = 1;
export const TOKENS_PER_DOUBLE_ICON = 2;

/** 002 Hide: "If the result is lower than or equal to the Hide statistic ... Mark the Enemy 2 spaces away." */
export const HIDE_MARK_DISTANCE = 2;

/** 002 Marking An Enemy: "roll the Black die for each marked Enemy. Result = 1-3 – unmark that Enemy." */
export const UNMARK_TABLE: DieTable<boolean> = [
  { from: 1, to: 3, outcome: true, text: 'unmark that Enemy' },
  unprintedRow(4, 10, false, 'the Enemy stays marked', 'Seed 002 prints only "Result = 1-3 – unmark that Enemy."; any other result is read as leaving the Enemy marked.'),
];

/** 002 Other Rules, Shooting and raising the Alarm: "Result = 1-5 – activate the Alarm card." */
export const ALARM_TABLE: DieTable<boolean> = [
  { from: 1, to: 5, outcome: true, text: 'activate the Alarm card' },
  unprintedRow(6, 10, false, 'the Alarm card is not activated', 'Seed 002 prints only "Result = 1-5 – activate the Alarm card."; any other result is read as not activating it.'),
];

/** 002 Other Rules, Fleeing from Combat: "the Character moves 3 spaces from the Combat Location." */
export const FLEE_MOVE = 3;

/**
 * 002 says the group "may use their Prowess to reroll" and "must use the
 * lowest Prowess score" but not how many rerolls Prowess buys. Seed 001
 * (Night Raid) says "The Dexterity value allows rerolls ... The last reroll
 * is final", so a Prowess of n is read as up to n rerolls, the last final.
 */
export const REROLLS_PER_PROWESS = 1;

/** Said wherever the reroll count is applied, so it is never served as printed. */
export const PROWESS_REROLLS_REASONING =
  'Seed 002 says only that a Character or group "may use their Prowess to reroll the result" and that a group uses "the lowest Prowess score"; ' +
  'it gives no number of rerolls. The count is borrowed from seed 001\'s Dexterity rule ("The Dexterity value allows rerolls for better results. ' +
  'The last reroll is final."): a Prowess of n is read as up to n rerolls, the last one final.';
