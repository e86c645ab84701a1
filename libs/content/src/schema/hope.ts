/**
 * Content kinds of Hope Inhumanity (003) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 */

export const hopeKinds = [] as const;

/** Ids an item of these kinds points at, or undefined when the kind is not one of these. */
export function hopeLinks(item: { kind: string }): string[] | undefined {
  void item;
  return undefined;
}
