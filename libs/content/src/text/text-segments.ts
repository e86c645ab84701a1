import { bracketedSpans } from '../icons/bracketed-spans';

/**
 * A printed text cut into the parts a frontend renders differently: plain
 * words, icons (drawn from the catalogue by id) and links (followed to an
 * item). Joining every segment's `text` gives the printed string back.
 */
export type TextSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'icon'; readonly text: string; readonly iconId: string }
  | { readonly kind: 'link'; readonly text: string; readonly target: string };

/** A link of the item the text belongs to, and how its target is named in print. */
export interface LinkPhrase {
  readonly target: string;
  /** A script's printed number, matched in "Script 121" or "Scripts 12 or 14". */
  readonly scriptNumber?: number;
  /** A card's or item's name, matched where the text names it. */
  readonly name?: string;
}

export interface SegmentSources {
  canonicalIconId(spelling: string): string | undefined;
  readonly links?: readonly LinkPhrase[];
}

interface Marked {
  readonly start: number;
  readonly end: number;
  readonly segment: TextSegment;
}

const SCRIPT_REFERENCE = /\b[Ss]cripts? (\d+)((?:(?:, | or | and | – |–)\d+)*)/g;
const NUMBER = /\d+/g;

function scriptLinks(text: string, links: readonly LinkPhrase[]): Marked[] {
  const byNumber = new Map(links.filter((link) => link.scriptNumber !== undefined).map((link) => [link.scriptNumber!, link.target]));
  if (byNumber.size === 0) return [];
  const marked: Marked[] = [];
  for (const match of text.matchAll(SCRIPT_REFERENCE)) {
    const start = match.index ?? 0;
    const single = !match[2];
    if (single) {
      const target = byNumber.get(Number(match[1]));
      if (target) marked.push({ start, end: start + match[0].length, segment: { kind: 'link', text: match[0], target } });
      continue;
    }
    // In a list each number is its own link; the word "Scripts" stays plain text.
    const listStart = start + match[0].indexOf(match[1]);
    for (const number of match[0].slice(match[0].indexOf(match[1])).matchAll(NUMBER)) {
      const target = byNumber.get(Number(number[0]));
      const at = listStart + (number.index ?? 0);
      if (target) marked.push({ start: at, end: at + number[0].length, segment: { kind: 'link', text: number[0], target } });
    }
  }
  return marked;
}

function namedLinks(text: string, links: readonly LinkPhrase[]): Marked[] {
  const marked: Marked[] = [];
  for (const link of links) {
    if (!link.name) continue;
    const start = text.indexOf(link.name);
    if (start >= 0) marked.push({ start, end: start + link.name.length, segment: { kind: 'link', text: link.name, target: link.target } });
  }
  return marked;
}

/** Cuts a text into segments; an overlapping later match loses to an earlier one. */
export function segmentText(text: string, sources: SegmentSources): TextSegment[] {
  const candidates: Marked[] = [];
  for (const span of bracketedSpans(text)) {
    const iconId = sources.canonicalIconId(span.text);
    if (iconId) candidates.push({ start: span.start, end: span.end, segment: { kind: 'icon', text: span.text, iconId } });
  }
  const links = sources.links ?? [];
  candidates.push(...scriptLinks(text, links), ...namedLinks(text, links));
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);

  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const candidate of candidates) {
    if (candidate.start < cursor) continue;
    if (candidate.start > cursor) segments.push({ kind: 'text', text: text.slice(cursor, candidate.start) });
    segments.push(candidate.segment);
    cursor = candidate.end;
  }
  if (cursor < text.length || segments.length === 0) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}
