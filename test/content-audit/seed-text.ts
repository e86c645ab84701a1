import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEED_REMARKS } from './editorial-fields';

/** The rulebooks' folder: `SEEDS_DIR`, or `shared/seeds` beside the repository, where docs/content.md says the seeds live. */
export const SEEDS_DIR = process.env.SEEDS_DIR ?? resolve(__dirname, '..', '..', '..', 'shared', 'seeds');

/**
 * Typography only: typographic quotes and dashes as their plain forms, an
 * ellipsis as three dots, any run of whitespace as one space. Applied to both
 * sides, so "word for word" ignores how a character was typeset and nothing else.
 */
export function normaliseTypography(text: string): string {
  return text
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A seed's text as the audit reads it: words hyphenated across a line break joined again, then the typography rule. */
export function normaliseSeed(text: string): string {
  return normaliseTypography(text.replace(/(\p{L})-\n[ \t]*(\p{L})/gu, '$1$2'));
}

export interface Seed {
  /** "000" to "004", as `provenance.seed` names it. */
  readonly id: string;
  /** The text as the file holds it, line by line. */
  readonly lines: readonly string[];
  /** The whole text, normalised. */
  readonly text: string;
  /** The same without the transcriber's remarks `SEED_REMARKS` lists. */
  readonly withoutRemarks: string;
}

export function loadSeeds(dir = SEEDS_DIR): readonly Seed[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_.*\.txt$/.test(file))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const text = normaliseSeed(raw);
      return { id: file.slice(0, 3), lines: raw.split('\n'), text, withoutRemarks: SEED_REMARKS.reduce((t, { remark }) => t.replace(remark, ''), text) };
    });
}

/** Whether any seed prints `text` word for word. */
export function isPrinted(seeds: readonly Seed[], text: string): boolean {
  const wanted = normaliseTypography(text);
  return wanted.length > 0 && seeds.some((seed) => seed.text.includes(wanted) || seed.withoutRemarks.includes(wanted));
}

/** Where a seed prints `text`: the seed and the line it starts on, or undefined. */
export function wherePrinted(seeds: readonly Seed[], text: string): { seed: string; line: number } | undefined {
  const wanted = normaliseTypography(text);
  for (const seed of seeds) {
    const at = seed.text.indexOf(wanted);
    if (at < 0) continue;
    // Count the lines of the raw text up to the same number of normalised characters.
    let seen = 0;
    for (let i = 0; i < seed.lines.length; i++) {
      seen += normaliseSeed(seed.lines[i]).length + 1;
      if (seen > at) return { seed: seed.id, line: i + 1 };
    }
  }
  return undefined;
}
