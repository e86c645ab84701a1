import { numberedDie, RollableDie } from '@scriptbook/rules-engine';

/** Numbers of Hope Inhumanity, from seed 003 ("GAME SETUP" and "Turn Sequence"). */

export const HOPE_INHUMANITY_GAME_ID = 'hope-inhumanity';

/** 003 Card Setup: "The game plays out over the course of five (5) rounds." */
export const ROUNDS = 5;

/** 003 Turn Sequence: "Count the successes: 4s, 5s, and 6s." */
export const SUCCESS_FACES: readonly number[] = [4, 5, 6];

/**
 * 003 does not name the die; faces up to 6 are counted, so the ordinary
 * six-sided die is assumed. The dice roller offers it too.
 */
export const HOPE_DIE: RollableDie = { ...numberedDie('d6', 'six-sided die', 6), description: 'An ordinary six-sided die, numbered 1 to 6.' };

/** 003 Turn Sequence: Last Hope lets a supporter "use one (1) Hope die instead of Humanity". */
export const LAST_HOPE_DICE = 1;

/** 003 The End of the Round: "adding a single die to the Hope dice pool". */
export const HOPE_DICE_PER_ROUND = 1;

/** 003 Turn Sequence: "If there is a hardship rating on the Scene card, then a dice roll is necessary. Commit one or more of your Humanity dice toward resolving the Scene." */
export const MIN_COMMITTED = 1;

/**
 * Seed 003 gives no player count ("Each player places a Humanity dice card in
 * front of them"), so any number is accepted; one is the least that can play.
 */
export const MIN_PLAYERS = 1;

/**
 * Assumption: the seed says a player may "use one or more dice from the Hope
 * dice pool" but not whether they return to it; they are treated as spent,
 * like the committed Humanity dice. Said on every step that takes Hope dice
 * out of the pool, so the reading is never served as printed.
 */
export const HOPE_DICE_SPENT_REASONING =
  'Seed 003 says only "You now have the option to use one or more dice from the Hope dice pool." and, for Last Hope, "to use one (1) Hope die instead of Humanity"; ' +
  'it does not say whether used Hope dice return to the pool. They are taken out of it, as the committed Humanity dice are lost ("any committed Humanity dice are lost").';
