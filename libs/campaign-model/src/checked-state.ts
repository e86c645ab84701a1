import { z } from 'zod';

/**
 * The state schema's check of `next`, knowing that `previous` is already
 * the schema's output (a state `applyAction` returned, or one parsed
 * whole). `applyChanges` copies only along the paths it changes and shares
 * everything else, so a part of `next` that is the very object `previous`
 * holds at the same place was checked already and is kept as it is; only
 * the rest is parsed, walking objects, records and arrays the way the
 * whole parse walks them. The outcome (the state, or the issues in the
 * order the whole parse finds them) is the whole parse's, at a fraction of
 * its cost on a large state. Any part whose schema has checks of its own
 * beyond its fields (refinements, defaults, length bounds) is parsed whole.
 */
export function checkAgainstChecked<S>(stateSchema: z.ZodType<S>, next: unknown, previous: unknown): z.SafeParseReturnType<unknown, S> {
  const result = check(stateSchema, next, previous, []);
  return result.ok ? { success: true, data: result.value as S } : { success: false, error: new z.ZodError(result.issues) };
}

type Checked = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: z.ZodIssue[] };

/** Stands for "nothing was at this place before", which no value is identical to. */
const NOTHING = Symbol('nothing');

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function whole(schema: z.ZodTypeAny, value: unknown, path: readonly (string | number)[]): Checked {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: parsed.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] })) };
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // Defined rather than assigned only where assigning would touch the prototype.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function check(schema: z.ZodTypeAny, next: unknown, previous: unknown, path: readonly (string | number)[]): Checked {
  if (next === previous) return { ok: true, value: next };
  if (schema instanceof z.ZodNullable) return next === null ? { ok: true, value: null } : check(schema.unwrap(), next, previous === null ? NOTHING : previous, path);
  if (schema instanceof z.ZodOptional) return next === undefined ? { ok: true, value: undefined } : check(schema.unwrap(), next, previous === undefined ? NOTHING : previous, path);
  if (schema instanceof z.ZodObject && isPlainObject(next) && isPlainObject(previous) && schema._def.catchall instanceof z.ZodNever) {
    const shape = (schema as z.ZodObject<z.ZodRawShape>).shape;
    // A key the schema does not list is the whole parse's to refuse (strict) or drop (strip).
    if (Object.keys(next).some((key) => !hasOwn(shape, key))) return whole(schema, next, path);
    const value: Record<string, unknown> = {};
    const issues: z.ZodIssue[] = [];
    // `next` is already a copy of its own: when the parse changes none of its fields, it is the result.
    let same = true;
    for (const key of Object.keys(shape)) {
      const present = hasOwn(next, key);
      const field = check(shape[key], present ? next[key] : undefined, hasOwn(previous, key) ? previous[key] : present ? NOTHING : undefined, [...path, key]);
      if (!field.ok) issues.push(...field.issues);
      else if (field.value !== undefined || present) {
        define(value, key, field.value);
        same &&= present && field.value === next[key];
      } else same &&= !present;
    }
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, value: same && Object.keys(next).length === Object.keys(value).length ? next : value };
  }
  if (schema instanceof z.ZodRecord && isPlainObject(next) && isPlainObject(previous)) {
    const value: Record<string, unknown> = {};
    const issues: z.ZodIssue[] = [];
    let same = true;
    for (const key of Object.keys(next)) {
      const known = hasOwn(previous, key);
      if (!known) {
        const checkedKey = whole(schema.keySchema, key, [...path, key]);
        if (!checkedKey.ok) issues.push(...checkedKey.issues);
      }
      const entry = check(schema.valueSchema, next[key], known ? previous[key] : NOTHING, [...path, key]);
      if (!entry.ok) issues.push(...entry.issues);
      else {
        define(value, key, entry.value);
        same &&= entry.value === next[key];
      }
    }
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, value: same ? next : value };
  }
  if (schema instanceof z.ZodArray && Array.isArray(next) && Array.isArray(previous) && schema._def.minLength === null && schema._def.maxLength === null && schema._def.exactLength === null) {
    const value: unknown[] = [];
    const issues: z.ZodIssue[] = [];
    next.forEach((element, i) => {
      const checked = check(schema.element, element, i < previous.length ? previous[i] : NOTHING, [...path, i]);
      if (!checked.ok) issues.push(...checked.issues);
      else value.push(checked.value);
    });
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
  }
  return whole(schema, next, path);
}
