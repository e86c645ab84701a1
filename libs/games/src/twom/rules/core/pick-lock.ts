import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { count, seededRunner } from '@scriptbook/rules-engine';
import { rollOnTable } from './black-die';
import { PICK_LOCK_TABLE, TWOM_CORE_HOME } from './twom.rules-data';

const input = z
  .object({ lockpicks: z.number().int().min(1).describe('Lockpicks in the Stockpile; picking a lock needs one.') })
  .strict()
  .describe('What the Stockpile holds for Pick the Lock.');

const result = z
  .object({
    roll: z.number().int().min(1).max(10).describe('The Black die roll.'),
    outcome: describedEnum('TwomLockOutcome', {
      'no-effect': 'The lock holds; nothing happens.',
      opened: 'The Locked Door opens and the Lockpick is spent.',
    }).describe('What the roll did, per the Pick the Lock table.'),
    lockpicks: count('Lockpicks left in the Stockpile.'),
  })
  .describe('The Pick the Lock roll and its outcome.');

/** Daytime "Pick the Lock (Locked Door)". */
export const twomPickLockProcedure = defineProcedure({
  id: 'twom.pick-lock',
  ...TWOM_CORE_HOME,
  field: 'twomPickLock',
  description: 'Pick the Lock of a Locked Door with the Black die',
  draws: true,
  input,
  result,
  run: ({ lockpicks }, { random, transcript }) => {
    const { roll, row } = rollOnTable(random, transcript, PICK_LOCK_TABLE, 'Pick the Lock');
    return { roll, outcome: row.outcome, lockpicks: row.outcome === 'opened' ? lockpicks - 1 : lockpicks };
  },
});

export type PickLockInput = z.input<typeof input>;
export type PickLockResult = z.output<typeof result>;
export const pickLock = seededRunner<PickLockInput, PickLockResult>(twomPickLockProcedure);
