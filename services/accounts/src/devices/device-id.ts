import { createHash } from 'node:crypto';
import { z } from 'zod';

/** 32 base64url characters carry 192 bits, when every character is random. */
export const DEVICE_ID_MIN_LENGTH = 32;
export const DEVICE_ID_MAX_LENGTH = 128;

export const DEVICE_ID_RULES =
  `${DEVICE_ID_MIN_LENGTH} to ${DEVICE_ID_MAX_LENGTH} characters of base64url (A-Z, a-z, 0-9, "-" and "_"), drawn once at install ` +
  'from a cryptographic random source (for example 32 random bytes, base64url-encoded without padding: 43 characters) and kept ' +
  'in the platform keystore. It is a password: whoever holds it signs in as the player. Refused with BAD_USER_INPUT ' +
  '(`extensions.field` "input.deviceId", `extensions.rule` "min", "max" or "alphabet").';

/**
 * The server cannot measure randomness; it enforces the length and alphabet a
 * random id of enough bits has, and refuses ids made of one repeated
 * character, the commonest placeholder.
 */
export const deviceIdSchema = z
  .string()
  .min(DEVICE_ID_MIN_LENGTH, `must be at least ${DEVICE_ID_MIN_LENGTH} characters`)
  .max(DEVICE_ID_MAX_LENGTH, `must be at most ${DEVICE_ID_MAX_LENGTH} characters`)
  .refine((id) => /^[A-Za-z0-9_-]*$/.test(id), {
    message: 'must use only base64url characters (A-Z, a-z, 0-9, "-", "_")',
    params: { rule: 'alphabet' },
  })
  .refine((id) => new Set(id).size > 1, { message: 'must be random, not one character repeated', params: { rule: 'alphabet' } });

/**
 * A device id as stored. Plain SHA-256 suffices (no slow hash): the id has
 * at least 192 random bits, so there is nothing to guess offline.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
