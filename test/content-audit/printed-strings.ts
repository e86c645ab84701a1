import { ContentItem, ContentLibrary, printedTexts } from '@scriptbook/content';
import { EDITORIAL_FIELDS, EditorialField, JOINED_FIELDS } from './editorial-fields';
import { isPrinted, Seed } from './seed-text';

/** One string the platform serves, and where it is served from. */
export interface ServedString {
  /** The item id, or the rules-data constant. */
  readonly source: string;
  /** The dotted path of the string in it. */
  readonly field: string;
  readonly text: string;
  /** How the audit reads it: `printed` whole or line by line, `name` (as printed, or a capitalised name in title case), `pieces` cut at a separator, `quotes` (only its quotations are printed). */
  readonly as: 'printed' | 'name' | { readonly separator: RegExp } | 'quotes';
}

const pathPattern = (field: string) => field.replace(/\.\d+(?=\.|$)/g, '.#');
const covers = (entry: EditorialField, kind: string, field: string) => (entry.kind === '*' || entry.kind === kind) && entry.field.test(pathPattern(field));

/** The editorial entry that covers a string of an item, if one does. */
export function editorialEntry(kind: string, field: string): EditorialField | undefined {
  return EDITORIAL_FIELDS.find((entry) => covers(entry, kind, field));
}

/**
 * Every string of every pack item the content subgraph serves (`printedTexts`:
 * all but ids, enums and provenance), each with how the audit reads it. A
 * string is held to the rulebooks word for word unless its field is declared
 * in `EDITORIAL_FIELDS` (then only its quotations are) or `JOINED_FIELDS`.
 */
export function packStrings(library: ContentLibrary): ServedString[] {
  const out: ServedString[] = [];
  for (const pack of library.packs) {
    for (const id of pack.itemIds) {
      const item = library.get(id) as ContentItem;
      for (const { field, text } of printedTexts(item)) {
        const joined = JOINED_FIELDS.find((entry) => covers(entry, item.kind, field));
        const as = editorialEntry(item.kind, field) ? 'quotes' : joined ? { separator: joined.separator } : field === 'name' ? 'name' : 'printed';
        out.push({ source: id, field, text, as });
      }
    }
  }
  return out;
}

/** Quotations of three words or more inside a text: what our wording claims a rulebook says. */
export function quotationsIn(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1].replace(/^\.\.\.|\.\.\.$/g, '').trim()).filter((q) => q.split(/\s+/).length >= 3);
}

/** Whether the seeds print a served string, as its `as` says to read it. */
export function printedAsServed(seeds: readonly Seed[], served: ServedString): boolean {
  const { text, as } = served;
  if (as === 'quotes') return quotationsIn(text).every((quote) => isPrinted(seeds, quote));
  if (isPrinted(seeds, text)) return true;
  if (as === 'name') return isPrinted(seeds, text.toUpperCase());
  if (typeof as === 'object') return text.split(as.separator).every((piece) => isPrinted(seeds, piece));
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 1 && lines.every((line) => isPrinted(seeds, line));
}

/** The served strings no seed prints as they are served. */
export function unprinted(seeds: readonly Seed[], strings: readonly ServedString[]): ServedString[] {
  return strings.filter((s) => !printedAsServed(seeds, s));
}
