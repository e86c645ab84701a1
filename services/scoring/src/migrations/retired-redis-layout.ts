import { scanAcrossNodes, unlinkAcrossSlots, type RedisClient } from '@scriptbook/platform';
import { Queue } from 'bullmq';

/**
 * What Redis held for scoring before every scored game had boards of its
 * own (ResultsOfEveryGame1764800100000): the first game's boards, its daily
 * challenge secret and its board-jobs queue, and the all-time boards and
 * queue of the dropped `game_results` table. The boards can be rebuilt from
 * the stored results, so nothing is carried over but the secret: the
 * worker rebuilds a game's boards when it finds no live generation of them,
 * and each rebuild then drops these keys. The same holds for a game's
 * boards from before their keys carried the game as a hash tag
 * (`board:<gameId>:` rather than `board:{<gameId>}:`, see gameBoardsPrefix).
 */
const UNTAGGED_GAME_BOARDS = 'board:[^{]*';
const RETIRED_BOARD_KEYS = ['zs-board:*', 'leaderboard:*', UNTAGGED_GAME_BOARDS];
const RETIRED_CHALLENGE_SECRET = 'zs-daily-challenge:secret';
const RETIRED_QUEUE = 'zs-board-jobs';
const RETIRED_SCHEDULERS = ['zs-outbox-sweep', 'zs-season-rollover'];

/** The daily challenge secret of the earlier layout: kept, so a deploy does not change the day's challenge. */
export const retiredChallengeSecretKey = (prefix: string): string => `${prefix}:${RETIRED_CHALLENGE_SECRET}`;

/** Drops the boards of the earlier layouts; once they are gone, a scan that finds nothing. Returns how many keys went. */
export async function dropRetiredBoards(redis: RedisClient, prefix: string): Promise<number> {
  let dropped = 0;
  for (const part of RETIRED_BOARD_KEYS) {
    await scanAcrossNodes(redis, `${prefix}:${part}`, async (keys) => {
      dropped += await unlinkAcrossSlots(redis, keys);
    });
  }
  return dropped;
}

/** Stops the retired queue's schedules, which no worker serves any more, so they queue nothing. */
export async function stopRetiredSchedules(queueFor: (name: string) => Queue): Promise<void> {
  const queue = queueFor(RETIRED_QUEUE);
  try {
    for (const id of RETIRED_SCHEDULERS) await queue.removeJobScheduler(id);
  } finally {
    await queue.close();
  }
}
