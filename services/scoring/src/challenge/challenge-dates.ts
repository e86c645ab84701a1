const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-11-30` when it names a real calendar day, else null. */
export function parseChallengeDate(value: string): string | null {
  if (!DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const prefixOf = (gameId: string) => `${gameId}:daily:`;

/** A game's challenge of a day: `<gameId>:daily:<date>`, which also keys the day's seed. */
export const challengeIdOf = (gameId: string, date: string): string => `${prefixOf(gameId)}${date}`;

/** The date a challenge id of the game names, or null when it is not one. */
export function challengeDateOf(gameId: string, id: string): string | null {
  return id.startsWith(prefixOf(gameId)) ? parseChallengeDate(id.slice(prefixOf(gameId).length)) : null;
}
