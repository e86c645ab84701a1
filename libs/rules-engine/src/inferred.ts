import { z } from 'zod';
import { named } from './schema-annotations';

/**
 * A value the rules need but the rulebooks do not print, read from another rule
 * instead: served with `inferred: true` and its reasoning, so a frontend can
 * tell it from a printed value. Printed values use the same shape with
 * `inferred: false`, so a field never changes type when a rulebook fills a gap.
 */
export interface Inferable<T> {
  readonly value: T;
  readonly inferred: boolean;
  readonly reasoning: string | null;
}

const inferredFlag = z
  .boolean()
  .describe('True when no rulebook prints this value and it was read from another rule; `reasoning` then says from which. False when printed.');
const reasoningText = z
  .string()
  .nullable()
  .describe('Why the value was inferred and which rulebook text it was borrowed from; null for a printed value.');

/** The schema of an `Inferable` value: `inferable('InferredRerolls', z.number().int(), '...')`. */
export function inferable<T extends z.ZodTypeAny>(typeName: string, value: T, description: string) {
  return named(typeName, z.object({ value, inferred: inferredFlag, reasoning: reasoningText })).describe(description);
}

export function inferred<T>(value: T, reasoning: string): Inferable<T> {
  return { value, inferred: true, reasoning };
}

export function printed<T>(value: T): Inferable<T> {
  return { value, inferred: false, reasoning: null };
}
