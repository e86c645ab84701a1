import { RuleInputError } from './procedure';

/**
 * Input checks shared by the This War of Mine procedures. Each names the
 * field path so a form can point at the exact box that is wrong.
 */

export interface IntBounds {
  readonly min?: number;
  readonly max?: number;
}

export function requireInt(value: unknown, field: string, bounds: IntBounds = {}): number {
  if (value === undefined || value === null) {
    throw new RuleInputError(field, 'required', `${field} is required`);
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new RuleInputError(field, 'integer', `${field} must be a whole number`);
  }
  if (bounds.min !== undefined && bounds.max !== undefined && (value < bounds.min || value > bounds.max)) {
    throw new RuleInputError(field, 'range', `${field} must be from ${bounds.min} to ${bounds.max}, got ${value}`);
  }
  if (bounds.min !== undefined && value < bounds.min) {
    throw new RuleInputError(field, 'min', `${field} must be at least ${bounds.min}, got ${value}`);
  }
  if (bounds.max !== undefined && value > bounds.max) {
    throw new RuleInputError(field, 'max', `${field} must be at most ${bounds.max}, got ${value}`);
  }
  return value;
}

export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuleInputError(field, 'required', `${field} must be a non-empty text`);
  }
  return value;
}

export function requireBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') {
    throw new RuleInputError(field, 'required', `${field} must be true or false`);
  }
  return value;
}

export function requireOneOf<T extends string>(value: unknown, field: string, options: readonly T[]): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    throw new RuleInputError(field, 'one-of', `${field} must be one of ${options.join(', ')}`);
  }
  return value as T;
}

export function requireArray<T>(value: unknown, field: string, bounds: IntBounds = {}): readonly T[] {
  if (!Array.isArray(value)) {
    throw new RuleInputError(field, 'required', `${field} must be a list`);
  }
  if (bounds.min !== undefined && value.length < bounds.min) {
    throw new RuleInputError(field, 'min', `${field} must hold at least ${bounds.min} entries, got ${value.length}`);
  }
  if (bounds.max !== undefined && value.length > bounds.max) {
    throw new RuleInputError(field, 'max', `${field} must hold at most ${bounds.max} entries, got ${value.length}`);
  }
  return value as readonly T[];
}

export function requireObject(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RuleInputError(field, 'required', `${field} is required`);
  }
  return value as Record<string, unknown>;
}

/** Names must differ so results and transcripts can refer to people unambiguously. */
export function requireUniqueNames(names: readonly string[], field: string, suffix = '.name'): void {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) {
      const path = `${field}[${i}]${suffix}`;
      throw new RuleInputError(path, 'duplicate', `${path} "${name}" is used twice`);
    }
    seen.add(key);
  });
}

export function requireStringList(value: unknown, field: string, bounds: IntBounds = {}): readonly string[] {
  const list = requireArray<unknown>(value, field, bounds);
  return list.map((item, i) => requireString(item, `${field}[${i}]`));
}
