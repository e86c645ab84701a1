import { GraphQLInputType, getNullableType, isEnumType, isInputObjectType, isListType } from 'graphql';

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const KEYWORDS = new Set(['true', 'false', 'null']);
const MAX_LITERAL_DEPTH = 200;

/**
 * A JSON value written inline in a document, as a client that builds query
 * text would send it: enum values bare where the type is an enum, everything
 * else as GraphQL literals. Undefined when GraphQL cannot spell it (an object
 * key that is not a name); the value then travels as a variable.
 */
export function printLiteral(value: unknown, type?: GraphQLInputType, depth = 0): string | undefined {
  // Deeper than any parser will follow (and than this function's own stack): such values go as variables.
  if (depth > MAX_LITERAL_DEPTH) return undefined;
  const inner = type ? (getNullableType(type) as GraphQLInputType) : undefined;
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const itemType = inner && isListType(inner) ? (inner.ofType as GraphQLInputType) : undefined;
    const items = value.map((item) => printLiteral(item, itemType, depth + 1));
    return items.some((item) => item === undefined) ? undefined : `[${items.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const fields = inner && isInputObjectType(inner) ? inner.getFields() : undefined;
    const printed: string[] = [];
    for (const key of Object.keys(value)) {
      if (!NAME.test(key)) return undefined;
      const field = printLiteral((value as Record<string, unknown>)[key], fields?.[key]?.type, depth + 1);
      if (field === undefined) return undefined;
      printed.push(`${key}: ${field}`);
    }
    return `{${printed.join(', ')}}`;
  }
  if (typeof value === 'string') {
    if (inner && isEnumType(inner) && NAME.test(value) && !KEYWORDS.has(value)) return value;
    return JSON.stringify(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
