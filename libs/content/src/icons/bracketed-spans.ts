/** A `[...]` span inside a text, with its offsets. */
export interface BracketedSpan {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const BRACKETED = /\[[^[\]]+\]/g;

export function bracketedSpans(text: string): BracketedSpan[] {
  return [...text.matchAll(BRACKETED)].map((match) => ({
    text: match[0],
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
  }));
}

/** Every string inside a value, with the path that leads to it (`setup.steps.0.text`). */
export function stringsWithPaths(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((element, i) => stringsWithPaths(element, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => stringsWithPaths(child, path ? `${path}.${key}` : key));
  }
  return [];
}
