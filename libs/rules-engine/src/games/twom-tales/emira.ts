import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { requireInt, requireObject, requireOneOf } from '../twom/validate';
import { changeMisery } from './characters';
import { EMIRA } from './twom-tales.rules-data';

export type EmiraHabitChoice = 'moonshine' | 'alcohol' | 'misery';

export interface EmiraInput {
  readonly hunger: number;
  readonly misery: number;
  readonly storage: { readonly moonshine: number; readonly alcohol: number };
  /** How the Habit is paid: 1 Moonshine, 1 100% Alcohol, or +1 Misery. */
  readonly habit: EmiraHabitChoice;
}

export interface EmiraResult {
  readonly hunger: number;
  readonly misery: number;
  readonly storage: { readonly moonshine: number; readonly alcohol: number };
}

const inBand = (n: number, band: { from: number; to: number }): boolean => n >= band.from && n <= band.to;

/**
 * Emira's three Spirit lines in printed order. The seed does not say when
 * Spirit lines are resolved; the caller decides when to run this.
 */
export function emiraSpirit(input: EmiraInput, seed: string): Resolution<EmiraResult> {
  const hunger0 = requireInt(input?.hunger, 'hunger', { min: 0 });
  const misery0 = requireInt(input.misery, 'misery', { min: 0 });
  const storage = requireObject(input.storage, 'storage');
  const moonshine = requireInt(storage.moonshine, 'storage.moonshine', { min: 0 });
  const alcohol = requireInt(storage.alcohol, 'storage.alcohol', { min: 0 });
  const habit = requireOneOf(input.habit, 'habit', ['moonshine', 'alcohol', 'misery'] as const);
  if ((habit === 'moonshine' && moonshine < 1) || (habit === 'alcohol' && alcohol < 1)) {
    throw new RuleInputError(`storage.${habit}`, 'too-small', `The Habit cannot be paid with ${habit}: none in the Storage`);
  }
  return resolve(seed, (_random, transcript) => {
    let misery = misery0;
    let hunger = hunger0;
    const left = { moonshine, alcohol };
    if (habit === 'misery') {
      misery = changeMisery(misery, EMIRA.habitMisery);
      transcript.add(`Habit: nothing discarded, Emira's Misery ${misery0} → ${misery}`);
    } else {
      left[habit] -= 1;
      transcript.add(`Habit: discarded 1 ${habit === 'moonshine' ? 'Moonshine' : '100% Alcohol'} from the Storage`);
    }
    if (inBand(hunger, EMIRA.hungry)) {
      hunger -= EMIRA.hungryRelief;
      transcript.add(`Emira is hungry: Hunger ${hunger0} → ${hunger}`);
    } else {
      transcript.add(`Emira is not hungry (Hunger ${hunger0})`);
    }
    const before = misery;
    if (inBand(misery, EMIRA.miserable)) {
      misery = changeMisery(misery, EMIRA.miserable.miseryChange);
      transcript.add(`Emira is miserable (level ${before}): Misery ${before} → ${misery}`);
    } else {
      transcript.add(`Emira is not miserable (Misery ${before})`);
    }
    return { hunger, misery, storage: left };
  });
}
