import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BoundProcedures } from '@scriptbook/game-host';
import { NotFoundError } from '@scriptbook/platform';
import { AnyProcedureDescriptor, Resolution, streamStartOf } from '@scriptbook/rules-engine';
import { withRuleErrors } from '../resolution/rule-errors';

/** Where a call's stream starts, as the caller gave it. */
export interface StreamArguments {
  readonly seed?: string | null;
  readonly rngState?: unknown;
}

const SEED_BYTES = 9;
const SEEDS_PER_BATCH = 256;
let seedPool = Buffer.alloc(0);
let seedOffset = 0;

// One call to the system generator per 256 seeds: drawing each seed on its own was a visible share of a served setup.
function drawSeed(): string {
  if (seedOffset >= seedPool.length) {
    seedPool = randomBytes(SEED_BYTES * SEEDS_PER_BATCH);
    seedOffset = 0;
  }
  const seed = seedPool.subarray(seedOffset, seedOffset + SEED_BYTES).toString('base64url');
  seedOffset += SEED_BYTES;
  return seed;
}

/**
 * The one path from a caller's input to a resolution, for typed queries and
 * replay alike: a seed drawn when none is given, and the engine's refusals
 * turned into the API's errors, over the procedures the game host bound.
 */
@Injectable()
export class ProcedureRunner {
  constructor(private readonly bound: BoundProcedures) {}

  descriptors(): readonly AnyProcedureDescriptor[] {
    return this.bound.descriptors();
  }

  /** What `bind` prepared for a procedure; tests run the engine on it to compare with what is served. */
  contentOf(procedureId: string): unknown {
    return this.bound.contentOf(procedureId);
  }

  has(procedureId: string): boolean {
    return this.bound.has(procedureId);
  }

  /**
   * Runs a procedure on an input its schema parses. Bad input is
   * BAD_USER_INPUT with the field path placed under `argument`
   * (`input.characters[0].name`), a bad seed or rngState under
   * `streamArgument` (empty when they are arguments of their own).
   */
  run(procedureId: string, input: unknown, stream: StreamArguments, argument = 'input', streamArgument = argument): Resolution<unknown> {
    if (!this.bound.has(procedureId)) throw new NotFoundError('Procedure', procedureId, 'procedureId');
    const start = withRuleErrors(streamArgument, () => streamStartOf(stream.seed, stream.rngState, drawSeed));
    return withRuleErrors(argument, () => this.bound.run(procedureId, input, start));
  }
}
