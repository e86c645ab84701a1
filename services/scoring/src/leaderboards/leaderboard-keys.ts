/** Redis keys of leaderboards, under the deployment's prefix. */
export function allTimeLeaderboardKey(prefix: string, gameId: string): string {
  return `${prefix}:leaderboard:${gameId}:all-time`;
}
