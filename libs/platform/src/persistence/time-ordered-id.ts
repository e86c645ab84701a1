import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7: 48 bits of milliseconds, then random bits. Ids sort in
 * creation order as plain strings, so lists page by id alone, identically on
 * Postgres and SQLite, with no timestamp precision to reconcile.
 */
export function timeOrderedId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
