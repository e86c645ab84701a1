import { twom } from '@scriptbook/rules-engine';
import { twomExamples } from '@scriptbook/rules-engine/games/twom/twom.examples';
import { toNightAssignmentResult, toSetupResult } from './twom.mappers';

describe('This War of Mine result mapping', () => {
  it('lists the setup stockpile in the engine order and keeps everything else', () => {
    const { result } = twom.twomSetup(twomExamples['twom.setup'], 'map');
    const mapped = toSetupResult(result);
    expect(mapped.stockpile).toEqual(Object.entries(result.stockpile).map(([name, count]) => ({ name, count })));
    expect(mapped.leader).toBe(result.leader);
    expect(mapped.characters).toEqual(result.characters);
  });

  it('lists Tiredness per Character and keeps the four task lists', () => {
    const { result } = twom.assignNight(twomExamples['twom.night-assignment'], 'map');
    expect(toNightAssignmentResult(result)).toEqual({
      assignments: { bed: ['Anton'], floor: [], guard: ['Arica'], scavenge: ['Bruno'] },
      tiredness: [
        { name: 'Anton', count: 0 },
        { name: 'Arica', count: 2 },
        { name: 'Bruno', count: 1 },
      ],
    });
  });
});
