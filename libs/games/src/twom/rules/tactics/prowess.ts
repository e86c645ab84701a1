import { z } from 'zod';
import { Inferable, inferable, inferred, printed } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { count, nameText, uniqueNames } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { rollBlack } from '../core/black-die';
import { PROWESS_REROLLS_REASONING, REROLLS_PER_PROWESS } from './twom-tactics.rules-data';

export const tacticsCharacterSchema = z
  .object({
    name: nameText('The Character, unique within the group.'),
    prowess: count('The Prowess printed on the Character card.'),
  })
  .describe('A Character of the moving group and their Prowess.');

export const tacticsGroupSchema = z
  .array(tacticsCharacterSchema)
  .min(1)
  .superRefine(uniqueNames)
  .describe('The Character, or the group, that finished its move; at least one, each name once.');

export type TacticsCharacter = z.output<typeof tacticsCharacterSchema>;

export const rerollAllowanceSchema = inferable(
  'TacticsRerollAllowance',
  z.number().int().min(0).describe('How many times the group may reroll; 0 without Prowess.'),
  'How many Prowess rerolls the group had. Inferred: rulebook 002 gives no count, so it is read from the core game\'s Dexterity rule.',
);

/** "If a group uses their Prowess to reroll a result, you must use the lowest Prowess score among all the Characters in the group." */
export function groupProwess(group: readonly TacticsCharacter[]): TacticsCharacter {
  return group.reduce((low, c) => (c.prowess < low.prowess ? c : low));
}

export interface ProwessRoll {
  readonly rolls: number[];
  readonly final: number;
  readonly rerollsAllowed: Inferable<number>;
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
  const allowed = useProwess ? lowest.prowess * REROLLS_PER_PROWESS : 0;
  if (useProwess) {
    transcript.add(
      group.length > 1
        ? `The group rerolls with the lowest Prowess, ${lowest.name}'s ${lowest.prowess}: up to ${allowed} reroll(s) (inferred: seed 002 gives no count)`
        : `${lowest.name} may reroll up to ${allowed} time(s) with Prowess ${lowest.prowess} (inferred: seed 002 gives no count)`,
      { inference: { reasoning: PROWESS_REROLLS_REASONING } },
    );
  }
  const rolls = [rollBlack(random, transcript, purpose)];
  while (!isGood(rolls[rolls.length - 1]) && rolls.length - 1 < allowed) {
    rolls.push(rollBlack(random, transcript, `${purpose}, Prowess reroll ${rolls.length} of ${allowed}`));
  }
  return { rolls, final: rolls[rolls.length - 1], rerollsAllowed: useProwess ? inferred(allowed, PROWESS_REROLLS_REASONING) : printed(0) };
}
