import { ContentLibrary } from '@scriptbook/content';
import {
  prepareFateTriggers,
  prepareScenarioRandomizer,
  prepareScore,
  prepareScriptStep,
  prepareSetup,
} from '../stalker-zs/zs.preparers';

/**
 * Turns the ids and choices a caller sends into the content data a
 * procedure needs. Procedures not listed take their input as it is.
 */
export type InputPreparer = (input: any, library: ContentLibrary) => unknown;

export const INPUT_PREPARERS: Readonly<Record<string, InputPreparer>> = {
  'stalker-zs.scenario-randomizer': prepareScenarioRandomizer,
  'stalker-zs.setup': prepareSetup,
  'stalker-zs.fate-triggers': prepareFateTriggers,
  'stalker-zs.script-step': prepareScriptStep,
  'stalker-zs.score': prepareScore,
};
