/** True when a write failed on a unique constraint, on Postgres or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = (error as { driverError?: unknown })?.driverError ?? error;
  const code = (candidate as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
