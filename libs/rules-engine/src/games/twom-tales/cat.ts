import { resolve } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollOnTable } from '../twom/black-die';
import { requireInt } from '../twom/validate';
import { CAT_MISERY_RELIEF, CAT_RAW_FOOD, CAT_TABLE, CatOutcome } from './twom-tales.rules-data';

export interface CatInput {
  /** Raw Food in the Storage before the roll. */
  readonly rawFood: number;
}

export interface CatResult {
  readonly roll: number;
  readonly outcome: CatOutcome;
  /** How much Misery 1 chosen Character present loses. */
  readonly miseryRelief: number;
  readonly rawFood: number;
}

/** The Cat card: "Once per day, at any time, roll the Black die." */
export function rollCat(input: CatInput, seed: string): Resolution<CatResult> {
  const rawFood = requireInt(input?.rawFood, 'rawFood', { min: 0 });
  return resolve(seed, (random, transcript) => {
    const { roll, row } = rollOnTable(random, transcript, CAT_TABLE, 'the Cat');
    return {
      roll,
      outcome: row.outcome,
      miseryRelief: row.outcome === 'lower-misery' ? CAT_MISERY_RELIEF : 0,
      rawFood: row.outcome === 'raw-food' ? rawFood + CAT_RAW_FOOD : rawFood,
    };
  });
}
