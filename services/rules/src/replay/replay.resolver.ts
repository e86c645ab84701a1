import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { BadUserInputError, NotFoundError } from '@scriptbook/platform';
import { ProcedureRunner } from '../procedures/procedure-runner';
import { RngStateInput } from '../resolution/resolution.model';
import { resolutionFields } from '../resolution/transcript.mapper';
import { Replay } from './replay.model';

@Resolver(() => Replay)
export class ReplayResolver {
  constructor(private readonly procedures: ProcedureRunner) {}

  @Query(() => Replay, {
    nullable: true,
    description:
      'Runs any procedure from its id with its input as JSON (see `procedures.inputSchema`), from a seed or an rngState; persists nothing.',
  })
  replay(
    @Args('procedureId', { type: () => ID, description: 'The id of the procedure to run, as `procedures` lists it.' }) procedureId: string,
    @Args('input', { description: 'The input as a JSON object, shaped as the procedure\'s `inputSchema` says.' }) input: string,
    @Args('seed', { type: () => String, nullable: true, description: 'Starts the stream from this seed. Not with rngState; drawn when neither is given.' })
    seed: string | null,
    @Args('rngState', { type: () => RngStateInput, nullable: true, description: 'Continues the stream a previous resolution returned. Not with seed.' })
    rngState: RngStateInput | null,
  ): Replay {
    if (!this.procedures.has(procedureId)) throw new NotFoundError('Procedure', procedureId, 'procedureId');
    const parsed = parseInput(input);
    // Seed and rngState are arguments of replay itself, so their errors name them, not a field of the input.
    const resolution = this.procedures.run(procedureId, parsed, { seed, rngState }, 'input', '');
    return { procedureId, resultJson: JSON.stringify(resolution.result), ...resolutionFields(resolution) };
  }
}

function parseInput(input: string): object {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    throw new BadUserInputError('input', 'json', 'input is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadUserInputError('input', 'json', 'input must be a JSON object');
  }
  return parsed;
}
