import { BoardLayout, boardNamesOf, RankedResult } from './board-keys';

/** A player's result that should stand on each board (by name), from all their visible victories: the best score, the earliest of equals. */
export function bestByBoard(layout: BoardLayout, results: readonly RankedResult[]): Map<string, RankedResult> {
  const best = new Map<string, RankedResult>();
  for (const result of results) {
    for (const name of boardNamesOf(layout, result)) {
      const held = best.get(name);
      if (!held || result.score > held.score || (result.score === held.score && result.createdAt < held.createdAt)) best.set(name, result);
    }
  }
  return best;
}
