import { GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType } from 'graphql';

/** How long a deprecated element stays served, at least: docs/api.md "Deprecation policy". */
export const MINIMUM_DEPRECATION_DAYS = 180;

/**
 * The reason every `@deprecated` element of the public API must give, so a
 * frontend author learns from the schema alone what to use instead and until
 * when the old element answers:
 *   "Use `newField` instead. Deprecated 2026-12-01, removed after 2027-06-01."
 */
const REASON = /^Use `[^`]+` instead\. Deprecated (\d{4}-\d{2}-\d{2}), removed after (\d{4}-\d{2}-\d{2})\.$/;

const DAY_MS = 24 * 3600 * 1000;

/** Milliseconds of a YYYY-MM-DD that names a real day (2027-02-30 does not: Date would roll it over). */
function calendarDay(text: string): number | null {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text) ? time : null;
}

function problemWith(reason: string | null | undefined): string | null {
  const match = REASON.exec(reason ?? '');
  if (!match) return 'reason must read "Use `<replacement>` instead. Deprecated <YYYY-MM-DD>, removed after <YYYY-MM-DD>."';
  const [deprecated, removed] = [calendarDay(match[1]), calendarDay(match[2])];
  if (deprecated === null || removed === null) return 'dates must be real calendar dates';
  if ((removed - deprecated) / DAY_MS < MINIMUM_DEPRECATION_DAYS) return `must stay served at least ${MINIMUM_DEPRECATION_DAYS} days after it was deprecated`;
  return null;
}

/**
 * Every deprecated field, argument, input field and enum value of a schema
 * whose reason breaks the policy, as `coordinate: problem`.
 */
export function deprecationPolicyBreaches(schema: GraphQLSchema): string[] {
  const breaches: string[] = [];
  const check = (coordinate: string, element: { deprecationReason?: string | null }) => {
    if (element.deprecationReason == null) return;
    const problem = problemWith(element.deprecationReason);
    if (problem) breaches.push(`${coordinate}: ${problem}`);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field);
        for (const arg of field.args) check(`${type.name}.${field.name}(${arg.name}:)`, arg);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value);
    }
  }
  return breaches.sort();
}
