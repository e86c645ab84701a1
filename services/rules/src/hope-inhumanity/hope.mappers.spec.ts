import { hopeInhumanity } from '@scriptbook/rules-engine';
import { hopeInhumanityExamples } from '@scriptbook/rules-engine/games/hope-inhumanity/hope-inhumanity.examples';
import { toHopeSceneResult, toHopeSetupResult } from './hope.mappers';

describe('Hope Inhumanity result mapping', () => {
  it('gives one Scene deck per terrain, top card first', () => {
    const { result } = hopeInhumanity.hopeSetup(hopeInhumanityExamples['hope-inhumanity.setup'], 'map');
    const mapped = toHopeSetupResult(result);
    expect(mapped.sceneDecks.map((d) => d.terrain)).toEqual(['Urban', 'Rural']);
    expect(mapped.sceneDecks[1].cards).toEqual(result.sceneDecks.Rural);
  });

  it('lists outcomes and Humanity per player in seating order', () => {
    const { result } = hopeInhumanity.resolveScene(hopeInhumanityExamples['hope-inhumanity.scene'], 'map');
    const mapped = toHopeSceneResult(result);
    expect(mapped.outcomes).toEqual(Object.entries(result.outcomes).map(([name, outcome]) => ({ name, outcome })));
    expect(mapped.humanity.map((h) => h.name)).toEqual(Object.keys(result.humanity));
    expect(mapped.hopePool).toBe(result.hopePool);
  });
});
