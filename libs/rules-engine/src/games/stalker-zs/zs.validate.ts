import { DieDefinition } from '../../dice/die';
import { RuleInputError } from '../../procedure';
import { ZS_MAX_STALKERS, ZS_MIN_STALKERS } from './zs.rules-data';
import { ZsStalkerFormulaData } from './zs.types';

/**
 * Input checks for the Zone Survival procedures. Each error names the field
 * path (`setupDeck[3].tags`) so a form or a content report can point at it.
 */

export function zsRequired(value: unknown, field: string): void {
  if (value === undefined || value === null) throw new RuleInputError(field, 'required', `${field} is required`);
}

export function zsInt(value: unknown, field: string, min?: number, max?: number): number {
  zsRequired(value, field);
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new RuleInputError(field, 'integer', `${field} must be a whole number`);
  }
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const bounds = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
    throw new RuleInputError(field, 'range', `${field} must be ${bounds}, got ${value}`);
  }
  return value;
}

export function zsString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuleInputError(field, 'required', `${field} must be a non-empty text`);
  }
  return value;
}

export function zsBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new RuleInputError(field, 'required', `${field} must be true or false`);
  return value;
}

export function zsArray<T>(value: unknown, field: string, min = 0): readonly T[] {
  if (!Array.isArray(value)) throw new RuleInputError(field, 'required', `${field} must be a list`);
  if (value.length < min) {
    throw new RuleInputError(field, 'too-small', `${field} must hold at least ${min} entries, got ${value.length}`);
  }
  return value as readonly T[];
}

export function zsObject(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RuleInputError(field, 'required', `${field} is required`);
  }
  return value as Record<string, unknown>;
}

export function zsStringList(value: unknown, field: string): readonly string[] {
  return zsArray<unknown>(value, field).map((item, i) => zsString(item, `${field}[${i}]`));
}

/** Ids must be unique so a result or a later procedure can refer to one item. */
export function zsUniqueIds(items: readonly { readonly id: string }[], field: string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) throw new RuleInputError(`${field}[${i}].id`, 'duplicate', `${field}[${i}].id "${item.id}" is used twice`);
    seen.add(item.id);
  });
}

/** "Single Stalker" to "4 Stalkers" are the only rows the Scenarios print. */
export function zsStalkerCount(value: unknown, field = 'stalkerCount'): number {
  return zsInt(value, field, ZS_MIN_STALKERS, ZS_MAX_STALKERS);
}

export function zsFormula(value: unknown, field: string): ZsStalkerFormulaData | null {
  if (value === null || value === undefined) return null;
  const f = zsObject(value, field);
  zsInt(f.base, `${field}.base`);
  zsInt(f.perStalker, `${field}.perStalker`);
  return f as unknown as ZsStalkerFormulaData;
}

/** The die is data: its faces must be listed, because the seed does not list them. */
export function zsDie(value: unknown, field: string): DieDefinition {
  const die = zsObject(value, field);
  zsString(die.id, `${field}.id`);
  zsString(die.name, `${field}.name`);
  zsRequired(die.faces, `${field}.faces`);
  const faces = zsArray<unknown>(die.faces, `${field}.faces`, 2);
  faces.forEach((face, i) => {
    if (typeof face !== 'number' && (typeof face !== 'string' || face.trim() === '')) {
      throw new RuleInputError(`${field}.faces[${i}]`, 'required', `${field}.faces[${i}] must be a number or a non-empty label`);
    }
  });
  return die as unknown as DieDefinition;
}
