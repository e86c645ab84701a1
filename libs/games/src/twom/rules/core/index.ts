import { GameRules } from '@scriptbook/rules-engine';
import { twomExamples } from './twom.examples';
import { AnyProcedureDescriptor } from '@scriptbook/rules-engine';
import { twomCarryingCapacityProcedure } from './carry';
import { twomCrimeWaveProcedure } from './crime-wave';
import { twomDawnDrawsProcedure, twomNarrativeActionChoiceProcedure } from './dawn';
import { twomDuskProcedure } from './dusk';
import { twomEventDeckProcedure } from './event-deck';
import { twomNightAssignmentProcedure } from './night';
import { twomNightRaidProcedure } from './night-raid';
import { twomPickLockProcedure } from './pick-lock';
import { twomNoiseRollProcedure, twomUnknownDeckProcedure } from './scavenge';
import { twomSetupProcedure } from './setup';
import { BLACK_D10 } from './black-die';

export * from './black-die';
export * from './carry';
export * from './crime-wave';
export * from './dawn';
export * from './dusk';
export * from './event-deck';
export * from './night';
export * from './night-raid';
export * from './pick-lock';
export * from './scavenge';
export * from './setup';
export * from './twom.rules-data';
export * from './twom.schemas';

/** This War of Mine, core game (seed 001), in catalog order. */
export const twomProcedures: readonly AnyProcedureDescriptor[] = [
  twomSetupProcedure,
  twomEventDeckProcedure,
  twomPickLockProcedure,
  twomDuskProcedure,
  twomNightAssignmentProcedure,
  twomUnknownDeckProcedure,
  twomNoiseRollProcedure,
  twomCarryingCapacityProcedure,
  twomNightRaidProcedure,
  twomCrimeWaveProcedure,
  twomDawnDrawsProcedure,
  twomNarrativeActionChoiceProcedure,
];

/** This game's entry in the engine's registry: its procedures and a worked input for each. */
export const twomRules: GameRules = { procedures: twomProcedures, examples: twomExamples, dice: [BLACK_D10] };
