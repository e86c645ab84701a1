/** Turns every function-valued field into a getter that calls it, so a link is looked up only when a query asks for it. */
export function withLazyLinks<T extends Record<string, unknown>>(fields: T): T {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'function') Object.defineProperty(view, key, { get: value as () => unknown, enumerable: true });
    else view[key] = value;
  }
  return view as T;
}
