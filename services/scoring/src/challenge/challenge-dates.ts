const CHALLENGE_PREFIX = 'stalker-zs:daily:';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-11-30` when it names a real calendar day, else null. */
export function parseChallengeDate(value: string): string | null {
  if (!DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export const challengeIdOf = (date: string): string => `${CHALLENGE_PREFIX}${date}`;

/** The date a challenge id names, or null when it is not a challenge id. */
export function challengeDateOf(id: string): string | null {
  return id.startsWith(CHALLENGE_PREFIX) ? parseChallengeDate(id.slice(CHALLENGE_PREFIX.length)) : null;
}
