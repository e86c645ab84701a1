import { DieRoll, ZoneSurvivalFateResult, ZoneSurvivalScriptStepResult as EngineScriptStep } from '@scriptbook/rules-engine';
import { ZoneSurvivalDieRoll, ZoneSurvivalFateTriggersResult, ZoneSurvivalScriptStepResult } from './zs.results';

// Faces of this die are labels, but a pack may give numbers: GraphQL shows them as text.
const toRoll = (roll: DieRoll): ZoneSurvivalDieRoll => ({ ...roll, value: String(roll.value) });

export function toFateTriggersResult(result: ZoneSurvivalFateResult): ZoneSurvivalFateTriggersResult {
  return { ...result, roll: toRoll(result.roll) };
}

export function toScriptStepResult(result: EngineScriptStep): ZoneSurvivalScriptStepResult {
  return { ...result, roll: result.roll ? toRoll(result.roll) : null };
}
