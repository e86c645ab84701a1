import { twom } from '@scriptbook/rules-engine';
import { toCounts } from '../resolution/entries.model';
import { TwomNightAssignmentResult, TwomSetupResult } from './twom.results';

export function toSetupResult(result: twom.TwomSetupResult): TwomSetupResult {
  return { ...result, stockpile: toCounts(result.stockpile) };
}

export function toNightAssignmentResult(result: twom.NightResult): TwomNightAssignmentResult {
  return { assignments: result.assignments, tiredness: toCounts(result.tiredness) };
}
