import { AnyProcedureDescriptor } from '../../procedure-descriptor';
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
