import { resolve } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollOnTable } from './black-die';
import { LockOutcome, PICK_LOCK_TABLE } from './twom.rules-data';
import { requireInt } from './validate';

export interface PickLockInput {
  /** Lockpicks in the Stockpile; one is required. */
  readonly lockpicks: number;
}

export interface PickLockResult {
  readonly roll: number;
  readonly outcome: LockOutcome;
  readonly lockpicks: number;
}

/** Daytime "Pick the Lock (Locked Door)". */
export function pickLock(input: PickLockInput, seed: string): Resolution<PickLockResult> {
  const lockpicks = requireInt(input?.lockpicks, 'lockpicks', { min: 1 });
  return resolve(seed, (random, transcript) => {
    const { roll, row } = rollOnTable(random, transcript, PICK_LOCK_TABLE, 'Pick the Lock');
    return { roll, outcome: row.outcome, lockpicks: row.outcome === 'opened' ? lockpicks - 1 : lockpicks };
  });
}
