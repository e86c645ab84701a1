import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * A UUID version 7: 48 bits of milliseconds, a 12-bit sequence, then random
 * bits. Ids sort in creation order as plain strings, so lists page by id
 * alone, identically on Postgres and SQLite. Within one process the sequence
 * keeps ids strictly increasing even inside one millisecond (RFC 9562, method 1).
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      // 4096 ids in one millisecond: borrow the next millisecond.
      lastMs += 1;
      sequence = 0;
    }
  } else {
    lastMs = now;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
