import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';
import { ScoredGame } from '../games/scored-games';
import { RequestedBoardJob } from '../games/scoring-names';

/**
 * Board maintenance for every scored game: `rebuild` refills a game's
 * boards from the stored results (disaster recovery, after a Redis flush,
 * and at the first start in a new key layout); `rescore` scores a game's
 * stored results again under the current rules and content, then rebuilds;
 * `season-rollover` drops the boards of ended seasons and weeks (of one game,
 * or of every game when `gameId` is null); `outbox-sweep` delivers board
 * entries a crashed write left behind.
 */
export const boardJobsQueue = defineQueue(
  'board-jobs',
  z.object({
    kind: z.enum(['rebuild', 'rescore', 'season-rollover', 'outbox-sweep']),
    gameId: z.string().min(1).max(64).nullable(),
    requestedBy: z.string().min(1).max(64).nullable(),
  }),
);
export type BoardJobPayload = z.infer<typeof boardJobsQueue.payload>;

/**
 * How one game's job is queued. One job of a kind at a time: asking while
 * one waits or runs joins it. Rebuild and rescore share one slot, since a
 * rescore ends with a rebuild and the two would only race each other.
 */
export function boardJobOf(game: ScoredGame, kind: RequestedBoardJob, requestedBy: string | null) {
  const slot = kind === 'season-rollover' ? `${game.id}:season-rollover` : `${game.id}:boards-rewrite`;
  return { name: game.names.jobKind(kind), data: { kind, gameId: game.id, requestedBy } satisfies BoardJobPayload, slot };
}
