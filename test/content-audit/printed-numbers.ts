import { ContentItem, ContentLibrary, printedTexts } from '@scriptbook/content';
import { normaliseSeed, normaliseTypography, Seed } from './seed-text';

/** A number an item serves, where it is, and the passage that should print it. */
export interface ServedNumber {
  readonly source: string;
  readonly field: string;
  readonly value: number;
}

/**
 * Numeric fields that are the platform's own, not a rulebook's: positions
 * and orders the packs give items, and counts of a thing the rulebook
 * names once ("a Knife", one copy). Every other number must be printed.
 */
export const EDITORIAL_NUMBERS: readonly { readonly field: RegExp; readonly why: string }[] = [
  { field: /(^|\.)order$/, why: 'the position of an item or step in its list, ours' },
  { field: /(^|\.)page$/, why: 'the page of a booklet the seed cites, kept as a reference' },
  { field: /^unknownTokens\.total$/, why: 'the product of the printed stacks and tokens per stack (the audit checks the product)' },
];

/** A die's faces between two printed ends of a range ("Result 4-10") count as printed: the rulebooks print ranges, not each face. */
function withinPrintedRange(text: string, n: number): boolean {
  return [...text.matchAll(/\b(\d+)\s*-\s*(\d+)\b/g)].some((m) => Number(m[1]) <= n && n <= Number(m[2]));
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

function numbersIn(value: unknown, path = ''): { field: string; value: number }[] {
  if (typeof value === 'number') return [{ field: path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (k === 'provenance' ? [] : numbersIn(v, path ? `${path}.${k}` : k)));
  return [];
}

/** Whether `text` prints `n`: as digits (any zero padding or thousands separators), or as a word; a count of one also as "a"/"an", of none also as "no". */
export function printsNumber(text: string, n: number): boolean {
  const abs = Math.abs(n);
  const grouped = abs.toLocaleString('en-US');
  const digits = new RegExp(`(^|[^0-9.,])0*(${abs}|${grouped.replace(/,/g, ',')})([^0-9]|$)`);
  if (digits.test(text)) return true;
  if (abs < WORDS.length && new RegExp(`\\b${WORDS[abs]}\\b`, 'i').test(text)) return true;
  if (abs === 1 && /\b(a|an|once|single)\b/i.test(text)) return true;
  if (abs === 0 && /\b(no|none|nothing|without)\b/i.test(text)) return true;
  return false;
}

/** Lines either side of a line naming an item that make up its passage. */
const PASSAGE_REACH = 40;

/**
 * The passages of a seed an item was transcribed from: the lines around
 * every line that names its section heading or its name.
 */
export function passagesOf(seeds: readonly Seed[], seedId: string, names: readonly string[]): string {
  const seed = seeds.find((s) => s.id === seedId);
  if (!seed) return '';
  const wanted = names.map((name) => normaliseTypography(name).toLowerCase()).filter((name) => name.length >= 3);
  const keep = new Set<number>();
  seed.lines.forEach((line, i) => {
    const text = normaliseTypography(line).toLowerCase();
    if (!wanted.some((name) => text.includes(name))) return;
    for (let j = Math.max(0, i - PASSAGE_REACH); j <= Math.min(seed.lines.length - 1, i + PASSAGE_REACH); j++) keep.add(j);
  });
  return normaliseSeed([...keep].sort((x, y) => x - y).map((i) => seed.lines[i]).join('\n'));
}

/** Every number of every pack item that no passage prints: not in the item's own printed texts, nor in its section of the seed. */
export function unprintedNumbers(seeds: readonly Seed[], library: ContentLibrary): ServedNumber[] {
  const items = library.packs.flatMap((pack) => pack.itemIds.map((id) => library.get(id) as ContentItem));
  const out: ServedNumber[] = [];
  for (const item of items) {
    const own = printedTexts(item).map((t) => t.text).join('\n');
    const passage = passagesOf(seeds, item.provenance.seed, [item.provenance.section, item.name]);
    const context = `${item.provenance.section}\n${own}\n${passage}`;
    const assumedFaces = (item as { facesSource?: string }).facesSource === 'assumption';
    for (const { field, value } of numbersIn(item)) {
      if (EDITORIAL_NUMBERS.some((entry) => entry.field.test(field))) continue;
      // Assumed faces are served with their basis (`facesSource`, `assumptionNote`), not as printed.
      if (/^faces\.\d+$/.test(field) && assumedFaces) continue;
      if (/^faces\.\d+$/.test(field) && withinPrintedRange(context, value)) continue;
      if (!printsNumber(context, value)) out.push({ source: item.id, field, value });
    }
  }
  return out;
}
