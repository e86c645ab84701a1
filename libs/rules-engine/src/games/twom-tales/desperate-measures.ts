import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollBlack, rollOnTable } from '../twom/black-die';
import { requireString } from '../twom/validate';
import { changeMisery, requireTalesCharacters, TalesCharacter } from './characters';
import { JOKES_AND_HOPES, STUFF_OF_NIGHTMARES, THROUGH_THE_WINDOW_TABLE, WAIT_A_MINUTE } from './twom-tales.rules-data';

export interface MiseryChange {
  readonly name: string;
  readonly empathy: number;
  readonly atOrBelow: boolean;
  readonly misery: number;
}

export interface EmpathyRollResult {
  readonly roll: number;
  readonly characters: readonly MiseryChange[];
}

export interface CharactersInput {
  readonly characters: readonly TalesCharacter[];
}

/** One roll compared with every Character's Empathy, as the Misery cards do. */
function rollAgainstEveryone(
  characters: readonly TalesCharacter[],
  title: string,
  atOrBelow: number,
  above: number,
  seed: string,
): Resolution<EmpathyRollResult> {
  return resolve(seed, (random, transcript) => {
    const roll = rollBlack(random, transcript, title);
    const results = characters.map((c) => {
      const hit = roll <= c.empathy;
      const change = hit ? atOrBelow : above;
      const misery = changeMisery(c.misery, change);
      const sign = hit ? '≤' : '>';
      const effect = change === 0 ? 'no change' : `Misery ${c.misery} → ${misery}`;
      transcript.add(`${roll} ${sign} ${c.name}'s Empathy ${c.empathy}: ${effect}`);
      return { name: c.name, empathy: c.empathy, atOrBelow: hit, misery };
    });
    return { roll, characters: results };
  });
}

/** "Stuff of Nightmares": no Night Raid card tonight; roll against each Character in the Shelter. */
export function stuffOfNightmares(input: CharactersInput, seed: string): Resolution<EmpathyRollResult & { readonly drawNightRaid: false }> {
  const characters = requireTalesCharacters(input?.characters, 'characters');
  const res = rollAgainstEveryone(characters, STUFF_OF_NIGHTMARES.title, STUFF_OF_NIGHTMARES.miseryAtOrBelow, 0, seed);
  return { ...res, result: { ...res.result, drawNightRaid: false } };
}

/** "Jokes and Hopes": roll against each Character present. */
export function jokesAndHopes(input: CharactersInput, seed: string): Resolution<EmpathyRollResult> {
  const characters = requireTalesCharacters(input?.characters, 'characters');
  return rollAgainstEveryone(characters, JOKES_AND_HOPES.title, JOKES_AND_HOPES.miseryAtOrBelow, JOKES_AND_HOPES.miseryAbove, seed);
}

export interface WaitAMinuteInput {
  readonly characters: readonly TalesCharacter[];
  /** The 1 Character present chosen to face the roll. */
  readonly chosen: string;
}

export interface WaitAMinuteResult {
  readonly roll: number;
  readonly combatAvoided: boolean;
  readonly backstab: boolean;
}

/** "Wait a Minute!": played when a Combat is about to begin. */
export function waitAMinute(input: WaitAMinuteInput, seed: string): Resolution<WaitAMinuteResult> {
  const characters = requireTalesCharacters(input?.characters, 'characters');
  const chosenName = requireString(input.chosen, 'chosen');
  const chosen = characters.find((c) => c.name === chosenName);
  if (!chosen) throw new RuleInputError('chosen', 'unknown-character', `chosen "${chosenName}" is not among characters`);
  return resolve(seed, (random, transcript) => {
    const roll = rollBlack(random, transcript, `${WAIT_A_MINUTE.title} (${chosen.name}, Empathy ${chosen.empathy})`);
    const avoided = roll <= chosen.empathy;
    transcript.add(
      avoided
        ? `${roll} ≤ Empathy ${chosen.empathy}: ${WAIT_A_MINUTE.atOrBelow}`
        : `${roll} > Empathy ${chosen.empathy}: ${WAIT_A_MINUTE.above}`,
    );
    return { roll, combatAvoided: avoided, backstab: !avoided };
  });
}

export interface ThroughTheWindowResult {
  readonly roll: number;
  /** Wounds 1 chosen Character suffers. */
  readonly wounds: number;
}

/** "Through the Window!": resolve a Shelter card freely, then roll for the fall. */
export function throughTheWindow(_input: Record<string, never> | undefined, seed: string): Resolution<ThroughTheWindowResult> {
  return resolve(seed, (random, transcript) => {
    const { roll, row } = rollOnTable(random, transcript, THROUGH_THE_WINDOW_TABLE, 'Through the Window!');
    return { roll, wounds: row.outcome };
  });
}
