import { twomTales } from '@scriptbook/rules-engine';
import { twomTalesExamples } from '@scriptbook/rules-engine/games/twom-tales/twom-tales.examples';
import { toIncidentSetupResult } from './tales.mappers';

describe('Tales result mapping', () => {
  it('turns state tokens, storage and tracks into lists, tracks as text', () => {
    const { result } = twomTales.setupIncident(twomTalesExamples['twom-tales.incident-setup'], 'map');
    const mapped = toIncidentSetupResult(result);
    expect(mapped.storage).toEqual(Object.entries(result.storage).map(([name, count]) => ({ name, count })));
    expect(mapped.tracks).toEqual(Object.entries(result.tracks).map(([name, value]) => ({ name, value: String(value) })));
    mapped.characters.forEach((c, i) => {
      expect(c.name).toBe(result.characters[i].name);
      expect(c.states).toEqual(Object.entries(result.characters[i].states).map(([name, count]) => ({ name, count })));
    });
    expect(mapped.eventDeck).toEqual(result.eventDeck);
  });
});
