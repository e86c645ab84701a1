import { z } from 'zod';
import { PLAIN_TEXT_RULE, plainTextViolation } from '@scriptbook/schema';
import { RuleInputError } from './procedure';
import { ruleInputErrorFromZod, StreamStart } from './procedure-descriptor';
import { named } from './schema-annotations';

// Alea's carry is the integer part of 2091639 × s0 + c × 2⁻³², so it stays below 2091639.
const ALEA_CARRY_LIMIT = 2091639;

const lag = (name: string) => z.number().min(0).lt(1).describe(`Generator lag ${name}, a fraction in [0, 1); pass back exactly what a resolution returned.`);

/** The generator state a resolution returns and a later one continues from, checked before use. */
export const rngStateSchema = named(
  'RngState',
  z
    .object({
      s0: lag('s0'),
      s1: lag('s1'),
      s2: lag('s2'),
      c: z.number().int().min(0).lt(ALEA_CARRY_LIMIT).describe('Generator carry, a whole number; pass back exactly what a resolution returned.'),
    })
    .strict()
    .describe('The random generator state after a resolution. Pass it as `rngState` to the next call to continue the same stream.'),
);

/**
 * Where a call's stream starts: its seed, or the state a previous resolution
 * returned, never both (the two would disagree). `draw` supplies a fresh
 * seed when neither is given; it is the caller's, so the engine stays free
 * of any source of chance. Errors name `seed` or `rngState`.
 */
export function streamStartOf(seed: string | null | undefined, rngState: unknown, draw: () => string): StreamStart {
  const hasSeed = seed !== null && seed !== undefined;
  const hasState = rngState !== null && rngState !== undefined;
  if (hasSeed && hasState) {
    throw new RuleInputError('rngState', 'exclusive', 'give either seed (start a stream) or rngState (continue one), not both');
  }
  if (hasState) {
    const parsed = rngStateSchema.safeParse(rngState);
    if (!parsed.success) {
      const error = ruleInputErrorFromZod(parsed.error);
      throw new RuleInputError(`rngState.${error.field}`, error.rule, `rngState.${error.field}: ${error.message}`);
    }
    return { rngState: parsed.data };
  }
  if (hasSeed) {
    if (seed.length === 0 || seed.length > MAX_SEED_LENGTH) {
      throw new RuleInputError('seed', 'length', `seed must be 1 to ${MAX_SEED_LENGTH} characters`);
    }
    // A seed is shown back in every resolution and transcript, so it is plain text; it is used exactly as given, never trimmed.
    const hidden = plainTextViolation(seed);
    if (hidden) throw new RuleInputError('seed', PLAIN_TEXT_RULE, `seed ${hidden}`);
    return { seed };
  }
  return { seed: draw() };
}

export const MAX_SEED_LENGTH = 128;
