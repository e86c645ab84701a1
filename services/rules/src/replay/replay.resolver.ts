import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { BadUserInputError } from '@scriptbook/platform';
import { ProcedureRegistry } from '../catalog/procedure-registry';
import { engineInput } from '../resolution/engine-input';
import { seedOrDraw } from '../resolution/seeds';
import { resolutionFields } from '../resolution/transcript.mapper';
import { Replay } from './replay.model';

@Resolver(() => Replay)
export class ReplayResolver {
  constructor(private readonly registry: ProcedureRegistry) {}

  @Query(() => Replay, {
    description: 'Runs any procedure from its id with its input as JSON (see `procedures.inputSchema`); persists nothing.',
  })
  replay(
    @Args('procedureId', { type: () => ID }) procedureId: string,
    @Args('input') input: string,
    @Args('seed') seed: string,
  ): Replay {
    this.registry.assertKnown(procedureId);
    const parsed = parseInput(input);
    const resolution = this.registry.run(procedureId, engineInput(parsed), seedOrDraw(seed, 'seed'));
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
