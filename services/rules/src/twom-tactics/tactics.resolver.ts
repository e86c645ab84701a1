import { Args, Resolver } from '@nestjs/graphql';
import { twomTactics } from '@scriptbook/rules-engine';
import { ProcedureQuery } from '../catalog/procedure-query.decorator';
import { ProcedureRegistry } from '../catalog/procedure-registry';
import { toCounts } from '../resolution/entries.model';
import { ResolutionShape } from '../resolution/resolution-of';
import * as M from './tactics.models';

/** This War of Mine, Tactics mode (seed 002). */
@Resolver()
export class TacticsResolver {
  constructor(private readonly procedures: ProcedureRegistry) {}

  @ProcedureQuery('twom-tactics.map-setup', () => M.TacticsMapSetupResolution)
  tacticsMapSetup(@Args('input') input: M.TacticsMapSetupInput): ResolutionShape<M.TacticsMapSetupResult> {
    return this.procedures.resolve('twom-tactics.map-setup', input);
  }

  @ProcedureQuery('twom-tactics.starting-spaces', () => M.TacticsStartingSpacesResolution)
  tacticsStartingSpaces(@Args('input') input: M.TacticsNamesInput): ResolutionShape<M.TacticsStartingSpacesResult> {
    return this.procedures.resolve('twom-tactics.starting-spaces', input, (r: twomTactics.StartingSpacesResult) => ({
      ...r,
      spaces: toCounts(r.spaces),
    }));
  }

  @ProcedureQuery('twom-tactics.hide-test', () => M.TacticsHideResolution)
  tacticsHideTest(@Args('input') input: M.TacticsTestInput): ResolutionShape<M.TacticsHideResult> {
    return this.procedures.resolve('twom-tactics.hide-test', input);
  }

  @ProcedureQuery('twom-tactics.noise-test', () => M.TacticsNoiseResolution)
  tacticsNoiseTest(@Args('input') input: M.TacticsTestInput): ResolutionShape<M.TacticsNoiseResult> {
    return this.procedures.resolve('twom-tactics.noise-test', input);
  }

  @ProcedureQuery('twom-tactics.unmark-enemies', () => M.TacticsUnmarkResolution)
  tacticsUnmarkEnemies(@Args('input') input: M.TacticsUnmarkInput): ResolutionShape<M.TacticsUnmarkResult> {
    return this.procedures.resolve('twom-tactics.unmark-enemies', input, (r: twomTactics.UnmarkResult) => ({
      ...r,
      rolls: toCounts(r.rolls),
    }));
  }

  @ProcedureQuery('twom-tactics.alarm-roll', () => M.TacticsAlarmResolution)
  tacticsAlarmRoll(@Args('input') input: M.TacticsAlarmInput): ResolutionShape<M.TacticsAlarmResult> {
    return this.procedures.resolve('twom-tactics.alarm-roll', input);
  }

  @ProcedureQuery('twom-tactics.flee', () => M.TacticsFleeResolution)
  tacticsFlee(@Args('input') input: M.TacticsFleeInput): ResolutionShape<M.TacticsFleeResult> {
    return this.procedures.resolve('twom-tactics.flee', input);
  }
}
