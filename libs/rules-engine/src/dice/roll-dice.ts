import { resolve, RuleInputError } from '../procedure';
import { Resolution } from '../transcript';
import { DieDefinition, rollDie } from './die';

export const MAX_DICE_PER_ROLL = 100;

export interface RollDiceResult {
  readonly values: readonly (number | string)[];
}

/** Rolls `count` identical dice, one transcript line per die. */
export function rollDice(die: DieDefinition, count: number, seed: string): Resolution<RollDiceResult> {
  if (!Number.isInteger(count) || count < 1 || count > MAX_DICE_PER_ROLL) {
    throw new RuleInputError('count', 'range', `count must be a whole number from 1 to ${MAX_DICE_PER_ROLL}`);
  }
  return resolve(seed, (random, transcript) => {
    const values = [];
    for (let i = 0; i < count; i++) {
      const roll = rollDie(random, die);
      values.push(roll.value);
      transcript.add(`Rolled the ${die.name} (${i + 1} of ${count}): ${roll.value}`, { die: die.id, value: roll.value });
    }
    return { values };
  });
}
