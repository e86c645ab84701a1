import { rollDiceProcedure } from './dice/roll-dice.procedure';
import { zoneSurvivalProcedures } from './games/stalker-zs';
import { hopeInhumanityDescriptors } from './games/hope-inhumanity';
import { twomDescriptors } from './games/twom';
import { twomTacticsDescriptors } from './games/twom-tactics';
import { twomTalesProcedures } from './games/twom-tales';
import { AnyProcedureDescriptor } from './procedure-descriptor';

/**
 * Every procedure the engine offers, in catalog order. A game adds its list
 * here, one line; the rules subgraph, its catalog and replay follow from it.
 */
export const PROCEDURES: readonly AnyProcedureDescriptor[] = [
  rollDiceProcedure,
  ...twomDescriptors,
  ...twomTalesProcedures,
  ...twomTacticsDescriptors,
  ...hopeInhumanityDescriptors,
  ...zoneSurvivalProcedures,
];
