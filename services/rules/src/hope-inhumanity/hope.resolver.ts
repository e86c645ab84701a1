import { Args, Resolver } from '@nestjs/graphql';
import { ProcedureQuery } from '../catalog/procedure-query.decorator';
import { ProcedureRegistry } from '../catalog/procedure-registry';
import { ResolutionShape } from '../resolution/resolution-of';
import { toHopeSceneResult, toHopeSetupResult } from './hope.mappers';
import * as M from './hope.models';

/** Hope Inhumanity (seed 003). */
@Resolver()
export class HopeResolver {
  constructor(private readonly procedures: ProcedureRegistry) {}

  @ProcedureQuery('hope-inhumanity.setup', () => M.HopeSetupResolution)
  hopeSetup(@Args('input') input: M.HopeSetupInput): ResolutionShape<M.HopeSetupResult> {
    return this.procedures.resolve('hope-inhumanity.setup', input, toHopeSetupResult);
  }

  @ProcedureQuery('hope-inhumanity.scene', () => M.HopeSceneResolution)
  hopeScene(@Args('input') input: M.HopeSceneInput): ResolutionShape<M.HopeSceneResult> {
    return this.procedures.resolve('hope-inhumanity.scene', input, toHopeSceneResult);
  }

  @ProcedureQuery('hope-inhumanity.end-round', () => M.HopeEndRoundResolution)
  hopeEndRound(@Args('input') input: M.HopeEndRoundInput): ResolutionShape<M.HopeEndRoundResult> {
    return this.procedures.resolve('hope-inhumanity.end-round', input);
  }
}
