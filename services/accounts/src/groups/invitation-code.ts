import { createHash, randomBytes } from 'node:crypto';

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so a code
 * read aloud or copied from a screen cannot be mistyped into another one.
 */
export const INVITATION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 symbols of 5 bits: 50 bits, about 10^15 codes. */
export const INVITATION_CODE_LENGTH = 10;
export const INVITATION_TTL_HOURS = 72;
/** Working (unexpired, not withdrawn) invitations a group may have at once; bounds the list and its abuse. */
export const MAX_OPEN_INVITATIONS = 20;

/** A fresh code, shown as two groups of five: `7K2QX-M9D4R`. */
export function generateInvitationCode(): string {
  // 256 is a multiple of 32, so masking each byte keeps every symbol equally likely.
  const symbols = [...randomBytes(INVITATION_CODE_LENGTH)].map((byte) => INVITATION_ALPHABET[byte & 31]);
  return `${symbols.slice(0, 5).join('')}-${symbols.slice(5).join('')}`;
}

const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * The canonical form of what a person typed: case, spaces and dashes do not
 * matter, and O, I and L read as 0, 1 and 1. Null when it cannot be a code.
 */
export function normalizeInvitationCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const canonical = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (char) => LOOK_ALIKES[char]);
  if (canonical.length !== INVITATION_CODE_LENGTH) return null;
  return [...canonical].every((char) => INVITATION_ALPHABET.includes(char)) ? canonical : null;
}

/** What is stored and looked up: a code's SHA-256, never the code. */
export function hashInvitationCode(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}
