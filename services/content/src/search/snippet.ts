import { Token, tokenize } from './tokenize';

export interface Highlight {
  start: number;
  end: number;
}

export interface Snippet {
  /** The excerpt, plain. */
  text: string;
  /** The same excerpt with each match wrapped in «». */
  marked: string;
  /** Where the matches are in `text`. */
  highlights: Highlight[];
}

export const OPEN_MARK = '«';
export const CLOSE_MARK = '»';

/**
 * An excerpt of about `width` characters around the first match, cut at
 * word boundaries, with every match inside it highlighted. `matches` says
 * whether an indexed term counts as a match (exact terms and the prefix).
 * `tokens` are the text's words, for a caller that already has them.
 */
export function snippetOf(
  text: string,
  matches: (term: string) => boolean,
  width = 160,
  tokens: readonly Token[] = tokenize(text),
): Snippet {
  const hits = tokens.filter((token) => matches(token.term));
  const first = hits[0];
  let from = 0;
  let to = Math.min(text.length, width);
  if (first && first.end > width) {
    const wordStarts = tokens.map((token) => token.start);
    const wanted = Math.max(0, first.start - Math.floor(width / 3));
    from = wordStarts.find((start) => start >= wanted) ?? first.start;
    to = Math.min(text.length, from + width);
  }
  if (to < text.length) {
    const lastWordEnd = tokens.filter((token) => token.end <= to).pop()?.end;
    if (lastWordEnd && lastWordEnd > from) to = lastWordEnd;
  }
  const prefix = from > 0 ? '…' : '';
  const suffix = to < text.length ? '…' : '';
  const excerpt = `${prefix}${text.slice(from, to)}${suffix}`;
  const shift = prefix.length - from;
  const highlights = hits
    .filter((hit) => hit.start >= from && hit.end <= to)
    .map((hit) => ({ start: hit.start + shift, end: hit.end + shift }));
  let marked = '';
  let cursor = 0;
  for (const { start, end } of highlights) {
    marked += `${excerpt.slice(cursor, start)}${OPEN_MARK}${excerpt.slice(start, end)}${CLOSE_MARK}`;
    cursor = end;
  }
  marked += excerpt.slice(cursor);
  return { text: excerpt, marked, highlights };
}
