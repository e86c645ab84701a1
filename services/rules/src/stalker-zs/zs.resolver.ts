import { Args, Resolver } from '@nestjs/graphql';
import { ProcedureQuery } from '../catalog/procedure-query.decorator';
import { ProcedureRegistry } from '../catalog/procedure-registry';
import { ResolutionShape } from '../resolution/resolution-of';
import { ZoneSurvivalSetupResolution, ZoneSurvivalSetupResult } from './zs-setup.results';
import * as I from './zs.inputs';
import { toFateTriggersResult, toScriptStepResult } from './zs.mappers';
import * as R from './zs.results';

/** S.T.A.L.K.E.R. Zone Survival (seed 004): callers send ids, content comes from the library. */
@Resolver()
export class ZoneSurvivalResolver {
  constructor(private readonly procedures: ProcedureRegistry) {}

  @ProcedureQuery('stalker-zs.scenario-randomizer', () => R.ZoneSurvivalScenarioResolution)
  zoneSurvivalScenario(@Args('input', { nullable: true }) input?: I.ZoneSurvivalScenarioInput): ResolutionShape<R.ZoneSurvivalScenarioResult> {
    return this.procedures.resolve('stalker-zs.scenario-randomizer', input ?? {});
  }

  @ProcedureQuery('stalker-zs.setup', () => ZoneSurvivalSetupResolution)
  zoneSurvivalSetup(@Args('input') input: I.ZoneSurvivalSetupInput): ResolutionShape<ZoneSurvivalSetupResult> {
    return this.procedures.resolve('stalker-zs.setup', input);
  }

  @ProcedureQuery('stalker-zs.fate-triggers', () => R.ZoneSurvivalFateTriggersResolution)
  zoneSurvivalFateTriggers(@Args('input') input: I.ZoneSurvivalFateTriggersInput): ResolutionShape<R.ZoneSurvivalFateTriggersResult> {
    return this.procedures.resolve('stalker-zs.fate-triggers', input, toFateTriggersResult);
  }

  @ProcedureQuery('stalker-zs.script-step', () => R.ZoneSurvivalScriptStepResolution)
  zoneSurvivalScriptStep(@Args('input') input: I.ZoneSurvivalScriptStepInput): ResolutionShape<R.ZoneSurvivalScriptStepResult> {
    return this.procedures.resolve('stalker-zs.script-step', input, toScriptStepResult);
  }

  @ProcedureQuery('stalker-zs.score', () => R.ZoneSurvivalScoreResolution)
  zoneSurvivalScore(@Args('input') input: I.ZoneSurvivalScoreInput): ResolutionShape<R.ZoneSurvivalScoreResult> {
    return this.procedures.resolve('stalker-zs.score', input);
  }
}
