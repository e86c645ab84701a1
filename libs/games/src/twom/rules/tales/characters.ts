/**
 * Misery is kept at 0 or more: 0 is having no Misery token. The seed names
 * levels up to 3 ("miserable (level 2 or 3)") but prints no cap or what
 * happens past it, so no upper bound is applied.
 */
export function changeMisery(misery: number, change: number): number {
  return Math.max(0, misery + change);
}
