export interface Token {
  /** Lower case, without diacritics: what the index stores. */
  readonly term: string;
  /** Offsets into the original text, for highlighting. */
  readonly start: number;
  readonly end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

export function normalizeTerm(word: string): string {
  // Most words are plain ASCII, which has no marks to strip: skip the Unicode work for them.
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) > 0x7f) return word.normalize('NFD').replace(MARKS, '').toLowerCase();
  }
  return word.toLowerCase();
}

/** Splits on anything that is not a letter or a digit, so "Script 042" and "042." both give `042`. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    tokens.push({ term: normalizeTerm(match[0]), start, end: start + match[0].length });
  }
  return tokens;
}
