import { z } from 'zod';

/**
 * How a zod issue reads to a client: the rule it broke, by the names every
 * rules procedure and every campaign action report (`required`, `type`,
 * `integer`, `range`, `one-of`, `format`, `unknown-field`, or the rule a
 * custom check names, such as `plain-text`). One mapping, so the same mistake
 * is named the same way wherever a client makes it.
 */
export function zodIssueRule(issue: z.ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined') return 'required';
      return issue.expected === 'integer' ? 'integer' : 'type';
    case 'too_small':
      // An empty name is a missing one, as a form shows it.
      return issue.type === 'string' && issue.minimum === 1 ? 'required' : 'range';
    case 'too_big':
      return 'range';
    case 'invalid_enum_value':
    case 'invalid_literal':
    case 'invalid_union':
    case 'invalid_union_discriminator':
      return 'one-of';
    case 'invalid_string':
      return 'format';
    case 'unrecognized_keys':
      return 'unknown-field';
    case 'custom':
      return (issue.params?.rule as string | undefined) ?? 'rule';
    default:
      return issue.code;
  }
}

/**
 * The issue's path under `prefix`: `characters[2].name`, or `args.cost.Wood`
 * with prefix `args`. An unknown key of a strict object is named itself, so
 * the client sees which key to drop.
 */
export function zodIssueField(issue: z.ZodIssue, prefix = ''): string {
  const path = issue.code === 'unrecognized_keys' && issue.keys.length > 0 ? [...issue.path, issue.keys[0]] : issue.path;
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), prefix);
}
