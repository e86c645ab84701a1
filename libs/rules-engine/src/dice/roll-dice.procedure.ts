import { GameRules } from '../game-rules';
import { z } from 'zod';
import { defineProcedure } from '../procedure-descriptor';
import { describedEnum, named } from '../schema-annotations';
import { BLACK_D10, D6, DieDefinition, rollDie } from './die';
import { MAX_DICE_PER_ROLL } from './roll-dice';

/** The game id of procedures every game shares. */
export const SHARED_GAME_ID = 'dice';

const DICE = { 'black-d10': BLACK_D10, d6: D6 } as const satisfies Record<string, DieDefinition>;

const dieKind = describedEnum('DieKind', {
  'black-d10': "This War of Mine's Black die, numbered 1 to 10.",
  d6: 'An ordinary six-sided die, numbered 1 to 6.',
}).describe('Which die to roll.');

export const rollDiceProcedure = defineProcedure({
  id: 'dice.roll',
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
    const definition = DICE[die];
    const values: number[] = [];
    for (let i = 0; i < count; i++) {
      const roll = rollDie(random, definition);
      values.push(roll.value as number);
      transcript.add(`Rolled the ${definition.name} (${i + 1} of ${count}): ${roll.value}`, { die: definition.id, value: roll.value });
    }
    return { die, values };
  },
});

/** The procedures every game shares, in the registry beside the games'. */
export const sharedRules: GameRules = { procedures: [rollDiceProcedure], examples: { 'dice.roll': { die: 'black-d10', count: 3 } } };
