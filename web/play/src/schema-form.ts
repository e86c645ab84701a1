/**
 * A form for an action, made from the JSON Schema of its args as the
 * server's action catalog gives it (`campaignActions`). Pure: no DOM, so
 * it is unit-tested in Node. The form only turns what was typed into
 * JSON; whether the args are right is for the game's own model to say
 * (`campaign.check` / `act`), which answers with the field and rule the
 * server would give.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
type Schema = { readonly [key: string]: unknown };

interface FieldBase {
  /** The arg's name, as the action takes it. */
  readonly name: string;
  /** What a player reads beside the control. */
  readonly label: string;
  /** The schema's description, or empty. */
  readonly hint: string;
  readonly required: boolean;
}

export type FormField =
  | (FieldBase & { readonly kind: 'text'; readonly maxLength: number | null })
  | (FieldBase & { readonly kind: 'integer' | 'number'; readonly min: number | null; readonly max: number | null })
  | (FieldBase & { readonly kind: 'boolean' })
  | (FieldBase & { readonly kind: 'choice'; readonly options: readonly { readonly value: string; readonly label: string }[] })
  /** One item a line. */
  | (FieldBase & { readonly kind: 'list'; readonly maxItems: number | null })
  /** One `name = count` a line: a record of whole numbers (a Fitting's cost, a scenario's tracks). */
  | (FieldBase & { readonly kind: 'counts' })
  /** Anything else, typed as JSON. */
  | (FieldBase & { readonly kind: 'json' });

/** What a form holds: the text of each field, or the state of a checkbox. */
export type FormValues = Readonly<Record<string, string | boolean | undefined>>;

/** A value the form could not turn into JSON, named as the server names args (`args.<name>`). */
export interface FormProblem {
  readonly field: string;
  readonly rule: 'integer' | 'number' | 'json' | 'counts';
  readonly message: string;
}

export type FormArgs = { readonly ok: true; readonly args: { [key: string]: JsonValue } } | { readonly ok: false; readonly problem: FormProblem };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `scenarioId` → "Scenario id", `finalEvents` → "Final events". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `anyOf: [X, { type: 'null' }]` is X that may be left out. */
function withoutNull(schema: Schema): Schema {
  const options = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isSchema) : null;
  if (!options) return schema;
  const rest = options.filter((option) => option.type !== 'null');
  return rest.length === 1 ? { ...rest[0], description: schema.description ?? rest[0].description } : schema;
}

function choicesOf(schema: Schema): { value: string; label: string }[] | null {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) {
    return (schema.enum as string[]).map((value) => ({ value, label: value }));
  }
  if (Array.isArray(schema.oneOf) && schema.oneOf.every((option) => isSchema(option) && typeof option.const === 'string')) {
    return (schema.oneOf as Schema[]).map((option) => ({ value: option.const as string, label: typeof option.description === 'string' ? `${option.const} — ${option.description}` : (option.const as string) }));
  }
  return null;
}

const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function fieldOf(name: string, raw: Schema, required: boolean): FormField {
  const schema = withoutNull(raw);
  const base = { name, label: labelOf(name), hint: typeof schema.description === 'string' ? schema.description : '', required };
  const choices = choicesOf(schema);
  if (choices) return { ...base, kind: 'choice', options: choices };
  switch (schema.type) {
    case 'string':
      return { ...base, kind: 'text', maxLength: numberOr(schema.maxLength) };
    case 'integer':
    case 'number':
      return { ...base, kind: schema.type, min: numberOr(schema.minimum), max: numberOr(schema.maximum) };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'array':
      if (isSchema(schema.items) && schema.items.type === 'string') return { ...base, kind: 'list', maxItems: numberOr(schema.maxItems) };
      break;
    case 'object':
      if (isSchema(schema.additionalProperties) && schema.additionalProperties.type === 'integer' && !isSchema(schema.properties)) return { ...base, kind: 'counts' };
      break;
  }
  return { ...base, kind: 'json' };
}

/** The fields of an action's form, in the schema's order; none for an action without args. */
export function formFields(argsSchema: unknown): FormField[] {
  if (!isSchema(argsSchema) || !isSchema(argsSchema.properties)) return [];
  const required = new Set(Array.isArray(argsSchema.required) ? argsSchema.required : []);
  return Object.entries(argsSchema.properties)
    .filter((entry): entry is [string, Schema] => isSchema(entry[1]))
    .map(([name, schema]) => fieldOf(name, schema, required.has(name)));
}

const problem = (field: FormField, rule: FormProblem['rule'], message: string): FormArgs => ({ ok: false, problem: { field: `args.${field.name}`, rule, message } });

/**
 * The args the form's values make. An empty optional field is left out; an
 * empty required one too, so the model names it missing as the server
 * would. A checkbox is always sent (false when unticked).
 */
export function argsFromForm(fields: readonly FormField[], values: FormValues): FormArgs {
  const args: { [key: string]: JsonValue } = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      args[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    switch (field.kind) {
      case 'text':
      case 'choice':
        args[field.name] = text;
        break;
      case 'integer':
      case 'number': {
        const number = Number(text);
        if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number))) {
          return problem(field, field.kind, `${field.label}: ${field.kind === 'integer' ? 'a whole number' : 'a number'} is needed`);
        }
        args[field.name] = number;
        break;
      }
      case 'list':
        args[field.name] = text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        break;
      case 'counts': {
        const counts: { [key: string]: JsonValue } = {};
        for (const line of text.split('\n').map((entry) => entry.trim()).filter(Boolean)) {
          const match = /^(.+?)\s*[=:]\s*(-?\d+)$/.exec(line);
          if (!match) return problem(field, 'counts', `${field.label}: each line is a name, "=" and a whole number ("${line}" is not)`);
          counts[match[1]] = Number(match[2]);
        }
        args[field.name] = counts;
        break;
      }
      case 'json':
        try {
          args[field.name] = JSON.parse(text) as JsonValue;
        } catch {
          return problem(field, 'json', `${field.label}: this is not JSON`);
        }
        break;
    }
  }
  return { ok: true, args };
}
