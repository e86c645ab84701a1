import { twomTales } from '@scriptbook/rules-engine';
import { toCounts, toValues } from '../resolution/entries.model';
import { TalesIncidentSetupResult } from './tales-incident.results';

export function toIncidentSetupResult(result: twomTales.IncidentSetupResult): TalesIncidentSetupResult {
  return {
    ...result,
    characters: result.characters.map((c) => ({ ...c, states: toCounts(c.states) })),
    storage: toCounts(result.storage),
    tracks: toValues(result.tracks),
  };
}
