import { Random } from '../../rng/random';
import { Transcript } from '../../transcript';
import { rollBlack } from '../twom/black-die';
import { requireArray, requireInt, requireString, requireUniqueNames } from '../twom/validate';
import { REROLLS_PER_PROWESS } from './twom-tactics.rules-data';

export interface TacticsCharacter {
  readonly name: string;
  readonly prowess: number;
}

export function requireGroup(value: unknown, field: string): readonly TacticsCharacter[] {
  const list = requireArray<TacticsCharacter>(value, field, { min: 1 });
  list.forEach((c, i) => {
    requireString(c?.name, `${field}[${i}].name`);
    requireInt(c.prowess, `${field}[${i}].prowess`, { min: 0 });
  });
  requireUniqueNames(list.map((c) => c.name), field);
  return list;
}

/** "If a group uses their Prowess to reroll a result, you must use the lowest Prowess score among all the Characters in the group." */
export function groupProwess(group: readonly TacticsCharacter[]): TacticsCharacter {
  return group.reduce((low, c) => (c.prowess < low.prowess ? c : low));
}

export interface ProwessRoll {
  readonly rolls: readonly number[];
  readonly final: number;
  readonly rerollsAllowed: number;
}

/**
 * Rolls the Black die, then rerolls while the result is bad for the group and
 * rerolls remain. Players only reroll bad results, so a good one is kept.
 */
export function rollWithProwess(
  random: Random,
  transcript: Transcript,
  purpose: string,
  group: readonly TacticsCharacter[],
  useProwess: boolean,
  isGood: (roll: number) => boolean,
): ProwessRoll {
  const lowest = groupProwess(group);
  const rerollsAllowed = useProwess ? lowest.prowess * REROLLS_PER_PROWESS : 0;
  if (useProwess) {
    transcript.add(
      group.length > 1
        ? `The group rerolls with the lowest Prowess, ${lowest.name}'s ${lowest.prowess}: up to ${rerollsAllowed} reroll(s)`
        : `${lowest.name} may reroll up to ${rerollsAllowed} time(s) with Prowess ${lowest.prowess}`,
    );
  }
  const rolls = [rollBlack(random, transcript, purpose)];
  while (!isGood(rolls[rolls.length - 1]) && rolls.length - 1 < rerollsAllowed) {
    rolls.push(rollBlack(random, transcript, `${purpose}, Prowess reroll ${rolls.length} of ${rerollsAllowed}`));
  }
  return { rolls, final: rolls[rolls.length - 1], rerollsAllowed };
}
