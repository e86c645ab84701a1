import { RuleInputError } from '../../procedure';
import { requireArray, requireString, requireUniqueNames } from '../twom/validate';
import { PLAYER_COUNT } from './hope-inhumanity.rules-data';

export function requirePlayerList<T extends { name: string }>(value: unknown, field: string): readonly T[] {
  const list = requireArray<T>(value, field);
  if (list.length < PLAYER_COUNT.min || list.length > PLAYER_COUNT.max) {
    throw new RuleInputError(field, 'range', `${field} must hold ${PLAYER_COUNT.min} to ${PLAYER_COUNT.max} players, got ${list.length}`);
  }
  list.forEach((p, i) => requireString(p?.name, `${field}[${i}].name`));
  requireUniqueNames(list.map((p) => p.name), field);
  return list;
}
