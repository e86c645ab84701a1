import { rollDiceProcedure } from './dice/roll-dice.procedure';
import { AnyProcedureDescriptor } from './procedure-descriptor';

/**
 * Every procedure the engine offers, in catalog order. A game adds its list
 * here, one line; the rules subgraph, its catalog and replay follow from it.
 */
export const PROCEDURES: readonly AnyProcedureDescriptor[] = [rollDiceProcedure];
