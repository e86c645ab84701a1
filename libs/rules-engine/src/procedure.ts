import { Random } from './rng/random';
import { Resolution, Transcript } from './transcript';

/** Thrown for input a procedure cannot accept; `field` names the culprit. */
export class RuleInputError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
  ) {
    super(message);
    this.name = 'RuleInputError';
  }
}

/**
 * Runs a procedure body against a fresh generator seeded from `seed` and
 * packages its result with the transcript and the generator's final state.
 */
export function resolve<T>(seed: string, body: (random: Random, transcript: Transcript) => T): Resolution<T> {
  const random = Random.fromSeed(seed);
  const transcript = new Transcript();
  const result = body(random, transcript);
  return { result, transcript: transcript.toArray(), seed, rngState: random.state() };
}
