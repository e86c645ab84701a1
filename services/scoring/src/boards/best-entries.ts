import { keysOf, RankedResult } from './board-keys';

/** A player's result that should stand on each board, from all their visible victories: the best score, the earliest of equals. */
export function bestByKey(prefix: string, gen: string, results: readonly RankedResult[]): Map<string, RankedResult> {
  const best = new Map<string, RankedResult>();
  for (const result of results) {
    for (const key of keysOf(prefix, gen, result)) {
      const held = best.get(key);
      if (!held || result.score > held.score || (result.score === held.score && result.createdAt < held.createdAt)) best.set(key, result);
    }
  }
  return best;
}
