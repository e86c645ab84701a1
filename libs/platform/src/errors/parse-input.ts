import { z } from 'zod';
import { BadUserInputError } from './domain-errors';

function fieldPath(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`), prefix);
}

const RULE_OF: Partial<Record<z.ZodIssueCode, string>> = {
  invalid_type: 'type',
  invalid_string: 'format',
  too_small: 'min',
  too_big: 'max',
  invalid_enum_value: 'enum',
  not_multiple_of: 'multiple',
};

/**
 * Validates input against a zod schema at the edge of the domain; the first
 * problem becomes a BAD_USER_INPUT that names the field (`input.email`) and
 * the rule it broke (`format`, `min`, ...).
 */
export function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown, prefix = 'input'): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const rule = issue.code === 'custom' ? String(issue.params?.rule ?? 'invalid') : (RULE_OF[issue.code] ?? issue.code);
  const field = fieldPath(prefix, issue.path);
  throw new BadUserInputError(field, rule, `${field}: ${issue.message}`);
}
