import { GameRules } from '@scriptbook/rules-engine';
import { hopeInhumanityExamples } from './hope-inhumanity.examples';
import { AnyProcedureDescriptor } from '@scriptbook/rules-engine';
import { hopeEndRoundProcedure } from './end-round';
import { hopeSceneProcedure } from './scene';
import { hopeSetupProcedure } from './setup';
import { HOPE_DIE } from './hope-inhumanity.rules-data';

export * from './end-round';
export * from './hope-inhumanity.rules-data';
export * from './hope.schemas';
export * from './scene';
export * from './setup';

/** Hope Inhumanity (seed 003), in catalog order. */
export const hopeInhumanityProcedures: readonly AnyProcedureDescriptor[] = [hopeSetupProcedure, hopeSceneProcedure, hopeEndRoundProcedure];

/** This game's entry in the engine's registry: its procedures and a worked input for each. */
export const hopeInhumanityRules: GameRules = { procedures: hopeInhumanityProcedures, examples: hopeInhumanityExamples, dice: [HOPE_DIE] };
