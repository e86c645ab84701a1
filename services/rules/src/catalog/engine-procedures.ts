import {
  GameProcedure,
  hopeInhumanityProcedures,
  twomProcedures,
  twomTacticsProcedures,
} from '@scriptbook/rules-engine';

/** Every procedure the engine offers, in catalog order. */
export const ENGINE_PROCEDURES: readonly GameProcedure[] = [
  ...twomProcedures,
  ...twomTacticsProcedures,
  ...hopeInhumanityProcedures,
];

export function engineProcedure(id: string): GameProcedure | undefined {
  return ENGINE_PROCEDURES.find((procedure) => procedure.id === id);
}
