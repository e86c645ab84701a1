import { GameRules } from '@scriptbook/rules-engine';
import { zsExamples } from './zs.examples';
import { zoneSurvivalFateTriggersProcedure } from './zs.fate-triggers';
import { zoneSurvivalScenarioProcedure } from './zs.scenario-randomizer';
import { zoneSurvivalScoreProcedure } from './zs.score';
import { zoneSurvivalScriptStepProcedure } from './zs.script-step';
import { zoneSurvivalSetupProcedure } from './zs.setup';

export * from './zs.bind';
export * from './zs.examples';
export * from './zs.faces';
export * from './zs.fate-triggers';
export * from './zs.placements';
export * from './zs.plan';
export * from './zs.rules-data';
export * from './zs.scenario-randomizer';
export * from './zs.score';
export * from './zs.script-step';
export * from './zs.setup';
export * from './zs.setup-deck';
export * from './zs.types';

/** The Zone Survival procedures (seed 004), in catalog order. */
export const zoneSurvivalProcedures = [
  zoneSurvivalScenarioProcedure,
  zoneSurvivalSetupProcedure,
  zoneSurvivalFateTriggersProcedure,
  zoneSurvivalScriptStepProcedure,
  zoneSurvivalScoreProcedure,
] as const;

/** This game's entry in the engine's registry: its procedures and a worked input for each. */
export const zoneSurvivalRules: GameRules = { procedures: zoneSurvivalProcedures, examples: zsExamples };
