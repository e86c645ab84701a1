/**
 * Content kinds of S.T.A.L.K.E.R. Zone Survival (004) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 */

export const zsKinds = [] as const;

/** Ids an item of these kinds points at, or undefined when the kind is not one of these. */
export function zsLinks(item: { kind: string }): string[] | undefined {
  void item;
  return undefined;
}
