import { z } from 'zod';
import { plainText, PlainTextOptions } from './plain-text';

/** The rule a client sees when a name would collide with what every JavaScript object already has. */
export const RESERVED_KEY_RULE = 'reserved-key';

/**
 * Whether a name cannot be a key of a plain object's entries: `__proto__`
 * replaces the object's prototype when assigned, and the others
 * (`constructor`, `toString`, `hasOwnProperty`, ...) are found through the
 * prototype on every object, so a lookup by that name answers something that
 * was never stored. `prototype` is refused too: it is what a function's
 * `constructor.prototype` walk reaches.
 */
export function isReservedKey(name: string): boolean {
  return name === 'prototype' || name in Object.prototype;
}

/** The reserved-name rule as a refinement, for schemas whose names become keys but keep their own checks: `schema.superRefine(refuseReservedKey)`. */
export function refuseReservedKey(value: string, context: z.RefinementCtx): void {
  if (isReservedKey(value)) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      message: `"${value}" is a reserved name and cannot name an entry; choose another`,
      params: { rule: RESERVED_KEY_RULE },
    });
  }
}

/**
 * A name a client gives that becomes the key of a record (a Character, a
 * resource, a track): plain text, as `plainText` checks it, that is not a
 * reserved name.
 */
export function recordKey(options: PlainTextOptions) {
  return plainText(options).superRefine(refuseReservedKey);
}

/** The key schema of a stored record: refuses a reserved name, changes nothing else. */
export const storedRecordKey = z.string().superRefine(refuseReservedKey);
