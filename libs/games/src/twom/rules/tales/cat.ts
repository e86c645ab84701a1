import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { rollOnTable } from '../core/black-die';
import { count } from '@scriptbook/rules-engine';
import { blackRoll } from './tales.schemas';
import { CAT_MISERY_RELIEF, CAT_RAW_FOOD, CAT_TABLE, TALES_HOME } from './twom-tales.rules-data';

const catInput = z
  .object({ rawFood: count('Raw Food tokens in the Storage before the roll.') })
  .describe("The Storage's Raw Food, which the Cat may add to.");

const catResult = z
  .object({
    roll: blackRoll('The Black-die roll.'),
    outcome: describedEnum('TalesCatOutcome', {
      'wandered-off': 'Rolled 1-4: the Cat wandered off and will be back tomorrow.',
      'lower-misery': "Rolled 5-7: lower the Misery of 1 chosen Character present by 1.",
      'raw-food': 'Rolled 8-10: the Cat brought something; add 1 Raw Food to the Storage.',
    }).describe('The row of the Cat card that applied.'),
    miseryRelief: count('How much Misery 1 chosen Character present loses: 1 on 5-7, else 0.'),
    rawFood: count('Raw Food in the Storage after the roll.'),
  })
  .describe("The Cat's roll and what it changed.");

/** The Cat card: "Once per day, at any time, roll the Black die." */
export const catProcedure = defineProcedure({
  id: 'twom-tales.cat',
  ...TALES_HOME,
  field: 'talesCat',
  description: "The Cat's daily Black-die roll",
  input: catInput,
  result: catResult,
  draws: true,
  run: ({ rawFood }, { random, transcript }) => {
    const { roll, row } = rollOnTable(random, transcript, CAT_TABLE, 'the Cat');
    return {
      roll,
      outcome: row.outcome,
      miseryRelief: row.outcome === 'lower-misery' ? CAT_MISERY_RELIEF : 0,
      rawFood: row.outcome === 'raw-food' ? rawFood + CAT_RAW_FOOD : rawFood,
    };
  },
});
