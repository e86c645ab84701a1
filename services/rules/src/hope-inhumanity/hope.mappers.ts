import { hopeInhumanity } from '@scriptbook/rules-engine';
import { toCounts } from '../resolution/entries.model';
import { HopeSceneResult, HopeSetupResult } from './hope.models';

export function toHopeSetupResult(result: hopeInhumanity.HopeSetupResult): HopeSetupResult {
  return { ...result, sceneDecks: Object.entries(result.sceneDecks).map(([terrain, cards]) => ({ terrain, cards })) };
}

export function toHopeSceneResult(result: hopeInhumanity.SceneResult): HopeSceneResult {
  return {
    ...result,
    outcomes: Object.entries(result.outcomes).map(([name, outcome]) => ({ name, outcome })),
    humanity: toCounts(result.humanity),
  };
}
