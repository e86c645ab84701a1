import { Args, Resolver } from '@nestjs/graphql';
import { ProcedureQuery } from '../catalog/procedure-query.decorator';
import { ProcedureRegistry } from '../catalog/procedure-registry';
import { ResolutionShape } from '../resolution/resolution-of';
import * as I from './twom.inputs';
import { toNightAssignmentResult, toSetupResult } from './twom.mappers';
import * as R from './twom.results';

/** This War of Mine, core game (seed 001). */
@Resolver()
export class TwomResolver {
  constructor(private readonly procedures: ProcedureRegistry) {}

  @ProcedureQuery('twom.setup', () => R.TwomSetupResolution)
  twomSetup(@Args('input') input: I.TwomSetupInput): ResolutionShape<R.TwomSetupResult> {
    return this.procedures.resolve('twom.setup', input, toSetupResult);
  }

  @ProcedureQuery('twom.event-deck', () => R.TwomEventDeckResolution)
  twomEventDeck(@Args('input') input: I.TwomEventDeckInput): ResolutionShape<R.TwomEventDeckResult> {
    return this.procedures.resolve('twom.event-deck', input);
  }

  @ProcedureQuery('twom.pick-lock', () => R.TwomPickLockResolution)
  twomPickLock(@Args('input') input: I.TwomPickLockInput): ResolutionShape<R.TwomPickLockResult> {
    return this.procedures.resolve('twom.pick-lock', input);
  }

  @ProcedureQuery('twom.dusk', () => R.TwomDuskResolution)
  twomDusk(@Args('input') input: I.TwomDuskInput): ResolutionShape<R.TwomDuskResult> {
    return this.procedures.resolve('twom.dusk', input);
  }

  @ProcedureQuery('twom.night-assignment', () => R.TwomNightAssignmentResolution)
  twomNightAssignment(@Args('input') input: I.TwomNightAssignmentInput): ResolutionShape<R.TwomNightAssignmentResult> {
    return this.procedures.resolve('twom.night-assignment', input, toNightAssignmentResult);
  }

  @ProcedureQuery('twom.scavenge-unknown-deck', () => R.TwomUnknownDeckResolution)
  twomUnknownDeck(@Args('input') input: I.TwomUnknownDeckInput): ResolutionShape<R.TwomUnknownDeckResult> {
    return this.procedures.resolve('twom.scavenge-unknown-deck', input);
  }

  @ProcedureQuery('twom.noise-roll', () => R.TwomNoiseRollResolution)
  twomNoiseRoll(@Args('input') input: I.TwomNoiseRollInput): ResolutionShape<R.TwomNoiseRollResult> {
    return this.procedures.resolve('twom.noise-roll', input);
  }

  @ProcedureQuery('twom.carrying-capacity', () => R.TwomCarryingCapacityResolution)
  twomCarryingCapacity(@Args('input') input: I.TwomCarryingCapacityInput): ResolutionShape<R.TwomCarryingCapacityResult> {
    return this.procedures.resolve('twom.carrying-capacity', input);
  }

  @ProcedureQuery('twom.night-raid', () => R.TwomNightRaidResolution)
  twomNightRaid(@Args('input') input: I.TwomNightRaidInput): ResolutionShape<R.TwomNightRaidResult> {
    return this.procedures.resolve('twom.night-raid', input);
  }
}
