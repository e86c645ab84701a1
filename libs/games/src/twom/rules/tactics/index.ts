import { GameRules } from '@scriptbook/rules-engine';
import { twomTacticsExamples } from './twom-tactics.examples';
import { AnyProcedureDescriptor } from '@scriptbook/rules-engine';
import {
  tacticsAlarmRollProcedure,
  tacticsFleeProcedure,
  tacticsHideTestProcedure,
  tacticsMapSetupProcedure,
  tacticsNoiseTestProcedure,
  tacticsStartingSpacesProcedure,
  tacticsUnmarkEnemiesProcedure,
} from './tactics';

export * from './prowess';
export * from './tactics';
export * from './twom-tactics.rules-data';

/** This War of Mine: Tactics (seed 002), in catalog order. */
export const twomTacticsProcedures: readonly AnyProcedureDescriptor[] = [
  tacticsMapSetupProcedure,
  tacticsStartingSpacesProcedure,
  tacticsHideTestProcedure,
  tacticsNoiseTestProcedure,
  tacticsUnmarkEnemiesProcedure,
  tacticsAlarmRollProcedure,
  tacticsFleeProcedure,
];

/** This game's entry in the engine's registry: its procedures and a worked input for each. */
export const twomTacticsRules: GameRules = { procedures: twomTacticsProcedures, examples: twomTacticsExamples };
