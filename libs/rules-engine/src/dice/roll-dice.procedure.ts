import { z } from 'zod';
import { GameRules } from '../game-rules';
import { AnyProcedureDescriptor, defineProcedure } from '../procedure-descriptor';
import { describedEnum, named } from '../schema-annotations';
import { RollableDie, rollDie } from './die';
import { MAX_DICE_PER_ROLL } from './roll-dice';

/**
 * The `gameId` of the procedures every game shares, which belong to no game.
 * It is what the dice roller has always been served under, and no game may
 * take it (the catalog refuses one that does).
 */
export const SHARED_GAME_ID = 'dice';

/** The dice roller's id: stable, as every procedure id is. */
export const ROLL_DICE_PROCEDURE_ID = 'dice.roll';

/**
 * The dice roller every game shares, offering the dice the games offer: its
 * `DieKind` values are their ids, in the order given. Dice of two games with
 * the same id must be the same die.
 */
export function rollDiceProcedure(dice: readonly RollableDie[]): AnyProcedureDescriptor {
  const byId = new Map<string, RollableDie>();
  for (const die of dice) {
    const known = byId.get(die.id);
    if (known && known.faces.join() !== die.faces.join()) throw new Error(`two dice named ${die.id} have different faces`);
    if (!known) byId.set(die.id, die);
  }
  if (byId.size === 0) throw new Error('the dice roller needs at least one die');
  const dieKind = describedEnum('DieKind', Object.fromEntries([...byId.values()].map((die) => [die.id, die.description]))).describe('Which die to roll.');
  return defineProcedure({
    id: ROLL_DICE_PROCEDURE_ID,
    gameId: SHARED_GAME_ID,
    field: 'rollDice',
    description: 'Rolls a number of identical dice; continuing from an rngState, 3 dice and then 3 more equal 6 at once',
    draws: true,
    input: named(
      'RollDice',
      z
        .object({
          die: dieKind,
          count: z.number().int().min(1).max(MAX_DICE_PER_ROLL).describe(`How many dice to roll, 1 to ${MAX_DICE_PER_ROLL}.`),
        })
        .strict()
        .describe('Which die and how many.'),
    ),
    result: named(
      'DiceRoll',
      z
        .object({
          die: dieKind,
          values: z.array(z.number().int()).describe('What each die showed, in the order rolled.'),
        })
        .describe('The faces rolled.'),
    ),
    run: ({ die, count }, { random, transcript }) => {
      const definition = byId.get(die)!;
      const values: number[] = [];
      for (let i = 0; i < count; i++) {
        const roll = rollDie(random, definition);
        values.push(roll.value as number);
        transcript.add(`Rolled the ${definition.name} (${i + 1} of ${count}): ${roll.value}`, { die: definition.id, value: roll.value });
      }
      return { die, values };
    },
  });
}

/** The procedures every game shares, for games offering these dice; none when they offer no die. */
export function sharedRulesFor(dice: readonly RollableDie[]): GameRules {
  if (dice.length === 0) return { procedures: [], examples: {} };
  return { procedures: [rollDiceProcedure(dice)], examples: { [ROLL_DICE_PROCEDURE_ID]: { die: dice[0].id, count: 3 } } };
}
