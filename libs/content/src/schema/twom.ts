/**
 * Content kinds of This War of Mine (core 001, Tales 000, Tactics 002) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 */

export const twomKinds = [] as const;

/** Ids an item of these kinds points at, or undefined when the kind is not one of these. */
export function twomLinks(item: { kind: string }): string[] | undefined {
  void item;
  return undefined;
}
