import { GameRules } from '@scriptbook/rules-engine';
import { twomTalesExamples } from './twom-tales.examples';
import { AnyProcedureDescriptor } from '@scriptbook/rules-engine';
import { catProcedure } from './cat';
import { jokesAndHopesProcedure, stuffOfNightmaresProcedure, throughTheWindowProcedure, waitAMinuteProcedure } from './desperate-measures';
import { desperatePeopleProcedure } from './desperate-people';
import { emiraSpiritProcedure } from './emira';
import { doNotLeaveMeToDieProcedure, letsAvoidTheInfectedProcedure } from './epidemic-cards';
import { killTheGoatProcedure } from './goat';
import { incidentSetupProcedure } from './incident-setup';
import { lukaDawnProcedure } from './luka-dawn';
import { marketVisitProcedure } from './market';
import { refugeesCoverRollProcedure, refugeesDawnProcedure } from './refugees';
import { sewersExitProcedure, sewersThugsEnterProcedure, sewersThugsForfeitProcedure } from './sewers';
import { sideBySideDawnProcedure } from './side-by-side';

export * from './cat';
export * from './characters';
export * from './desperate-measures';
export * from './desperate-people';
export * from './emira';
export * from './epidemic-cards';
export * from './goat';
export * from './incident-setup';
export * from './incidents.rules-data';
export * from './luka-dawn';
export * from './market';
export * from './refugees';
export * from './sewers';
export * from './side-by-side';
export * from './tracks';
export * from './twom-tales.rules-data';

/** Tales from the Ruined City (seed 000), in catalog order. */
export const twomTalesProcedures: readonly AnyProcedureDescriptor[] = [
  incidentSetupProcedure,
  catProcedure,
  waitAMinuteProcedure,
  stuffOfNightmaresProcedure,
  jokesAndHopesProcedure,
  throughTheWindowProcedure,
  lukaDawnProcedure,
  refugeesDawnProcedure,
  refugeesCoverRollProcedure,
  sideBySideDawnProcedure,
  emiraSpiritProcedure,
  sewersExitProcedure,
  sewersThugsEnterProcedure,
  sewersThugsForfeitProcedure,
  desperatePeopleProcedure,
  marketVisitProcedure,
  letsAvoidTheInfectedProcedure,
  doNotLeaveMeToDieProcedure,
  killTheGoatProcedure,
];

/** This game's entry in the engine's registry: its procedures and a worked input for each. */
export const twomTalesRules: GameRules = { procedures: twomTalesProcedures, examples: twomTalesExamples };
