import { z } from 'zod';
import { refuseHiddenCharacters } from '@scriptbook/schema';
import { refuseReservedKey } from '@scriptbook/schema';
import { RuleInputError } from './procedure';
import { AnyProcedureDescriptor, runProcedure } from './procedure-descriptor';
import { Resolution } from './transcript';

/**
 * Small zod pieces every game's schemas use, so a check reads the same and
 * fails with the same rule name everywhere.
 */

/**
 * Any text a client sends a procedure (a name, a card as printed, an id),
 * otherwise as it came: refused with rule `plain-text` when it holds a
 * control or hiding character (NUL, a right-to-left override), which would
 * travel on into transcripts and results.
 */
export const plain = <T extends z.ZodString>(schema: T) => schema.superRefine(refuseHiddenCharacters);

/**
 * A name a player typed: some plain text, at least one character, and not a
 * name every object already answers to (`__proto__`, `constructor`, ...,
 * rule `reserved-key`): results key their records by these names (each
 * player's outcome, each Character's Tiredness), and so do campaigns.
 */
export const nameText = (description: string) => plain(z.string().trim().min(1)).superRefine(refuseReservedKey).describe(description);

/** A whole number of at least 0 (a count, a level, a token total). */
export const count = (description: string) => z.number().int().min(0).describe(description);

/**
 * Refuses the second entry whose `name` (case and surrounding spaces aside)
 * was already used, on that entry's own path, so results and transcripts
 * can refer to people and cards unambiguously. For a list of plain strings
 * pass `(s) => s` as `keyOf`.
 */
export function uniqueBy<T>(keyOf: (item: T) => string, suffix: (string | number)[] = ['name']) {
  return (list: readonly T[], ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const key = keyOf(item).trim().toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, ...suffix], params: { rule: 'duplicate' }, message: `"${keyOf(item)}" is used twice` });
      }
      seen.add(key);
    });
  };
}

export const uniqueNames = uniqueBy<{ readonly name: string }>((item) => item.name);
export const uniqueStrings = uniqueBy<string>((item) => item, []);

/** Throws the rules' own error for a check that depends on several fields. */
export function refuse(field: string, rule: string, message: string): never {
  throw new RuleInputError(field, rule, message);
}

/**
 * A descriptor as a plain `(input, seed)` function, for tests and callers
 * that start every stream from a seed and bind no content.
 */
export function seededRunner<I, R>(descriptor: AnyProcedureDescriptor): (input: DeepReadonly<I>, seed: string) => Resolution<R> {
  return (input, seed) => runProcedure(descriptor, input, { seed }, undefined) as Resolution<R>;
}

/** What callers may pass where a schema's input type is expected: constant data is readonly all the way down. */
export type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;
