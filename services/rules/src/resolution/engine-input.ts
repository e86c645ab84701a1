/**
 * The engine's view of a GraphQL input: plain objects, no `seed`, and
 * omitted optional fields absent rather than null, since the engine reads
 * "absent" as "not given" and would reject a null. Replays feed the engine
 * the same shape, which is what makes a typed query and its replay agree.
 */
export function engineInput(input: object | null | undefined): Record<string, unknown> {
  const { seed: _seed, ...rest } = (plain(input ?? {}) ?? {}) as Record<string, unknown>;
  return rest;
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (field !== null && field !== undefined) out[key] = plain(field);
    }
    return out;
  }
  return value;
}
