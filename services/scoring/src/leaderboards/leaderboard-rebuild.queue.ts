import { defineQueue } from '@scriptbook/platform';
import { z } from 'zod';

/** Recomputes one game's all-time leaderboard from its stored results. */
export const leaderboardRebuildQueue = defineQueue(
  'leaderboard-rebuild',
  z.object({
    gameId: z.string().min(1).max(64),
    requestedBy: z.string().min(1).max(64),
  }),
);
export type LeaderboardRebuildPayload = z.infer<typeof leaderboardRebuildQueue.payload>;
