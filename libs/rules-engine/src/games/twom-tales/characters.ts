import { requireArray, requireInt, requireString, requireUniqueNames } from '../twom/validate';

/** A Character as the Tales cards need them: Empathy to compare rolls with, Misery to move. */
export interface TalesCharacter {
  readonly name: string;
  readonly empathy: number;
  readonly misery: number;
}

export function requireTalesCharacters(value: unknown, field: string): readonly TalesCharacter[] {
  const list = requireArray<TalesCharacter>(value, field, { min: 1 });
  list.forEach((c, i) => {
    requireString(c?.name, `${field}[${i}].name`);
    requireInt(c.empathy, `${field}[${i}].empathy`, { min: 0 });
    requireInt(c.misery, `${field}[${i}].misery`, { min: 0 });
  });
  requireUniqueNames(list.map((c) => c.name), field);
  return list;
}

/**
 * Misery is kept at 0 or more. The seed names levels up to 3 ("miserable
 * (level 2 or 3)") but prints no cap or what happens past it, so no upper
 * bound is applied.
 */
export function changeMisery(misery: number, change: number): number {
  return Math.max(0, misery + change);
}
