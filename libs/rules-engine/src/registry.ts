import { rollDiceProcedure } from './dice/roll-dice.procedure';
import { zoneSurvivalProcedures } from './games/stalker-zs';
import { hopeInhumanityProcedures } from './games/hope-inhumanity';
import { twomProcedures } from './games/twom';
import { twomTacticsProcedures } from './games/twom-tactics';
import { twomTalesProcedures } from './games/twom-tales';
import { AnyProcedureDescriptor } from './procedure-descriptor';

/**
 * Every procedure the engine offers, in catalog order. A game adds its list
 * here, one line; the rules subgraph, its catalog and replay follow from it.
 */
export const PROCEDURES: readonly AnyProcedureDescriptor[] = [
  rollDiceProcedure,
  ...twomProcedures,
  ...twomTalesProcedures,
  ...twomTacticsProcedures,
  ...hopeInhumanityProcedures,
  ...zoneSurvivalProcedures,
];
