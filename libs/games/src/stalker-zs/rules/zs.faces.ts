import { ZsCardData, ZsScriptData } from './zs.types';

/**
 * Die faces by canonical icon id. The transcription spells one face several
 * ways (`[yellow icon]` in scripts, `[yellow item icon]` on Blizzard); the
 * content pairs each printed spelling with its id, and rules compare ids only,
 * so two spellings of one face can never be read as two faces.
 */
export class ZsFaceIndex {
  private readonly idOfSpelling = new Map<string, string>();
  private readonly ids = new Set<string>();

  /** Records that `spelling` names face `id`; a spelling paired with two ids is a content error. */
  add(spelling: string, id: string | undefined): void {
    if (id === undefined) return;
    const known = this.idOfSpelling.get(spelling);
    if (known !== undefined && known !== id) throw new Error(`stalker-zs content names the face ${spelling} both ${known} and ${id}`);
    this.idOfSpelling.set(spelling, id);
    this.ids.add(id);
  }

  /** The canonical id of an id or a spelling; text naming no known face is kept as given. */
  canonical(face: string): string {
    const trimmed = face.trim();
    return this.ids.has(trimmed) ? trimmed : (this.idOfSpelling.get(trimmed) ?? trimmed);
  }

  isKnown(face: string): boolean {
    return this.ids.has(this.canonical(face));
  }

  static fromContent(cards: readonly ZsCardData[], scripts: readonly ZsScriptData[]): ZsFaceIndex {
    const index = new ZsFaceIndex();
    const outcomes = cards.flatMap((card) => [...(card.fateTriggers?.byFace ?? []), ...(card.actions ?? []).flatMap((action) => action.outcomes)]);
    for (const outcome of outcomes) outcome.faces.forEach((face, i) => index.add(face, outcome.faceIds?.[i]));
    for (const script of scripts) for (const link of script.links) if (link.type === 'die-face') index.add(link.face, link.faceId);
    return index;
  }
}

/** A die branch printed inline in a script: `• [purple icon] or [red cross icon] – Gain 1 [shovel icon].` */
export interface ZsInlineOutcome {
  readonly faceIds: readonly string[];
  readonly text: string;
}

const OUTCOME_LINE = /^•\s*((?:\[[^\]]+\]\s*(?:or|\/|,)?\s*)+)\s*[–-]\s*(.+)$/;
const BRACKETED = /\[[^\]]+\]/g;

/** The script's die outcome lines whose every leading icon is a known die face. */
export function inlineOutcomes(text: string | undefined, faces: ZsFaceIndex): readonly ZsInlineOutcome[] {
  if (!text) return [];
  const outcomes: ZsInlineOutcome[] = [];
  for (const line of text.split('\n')) {
    const match = OUTCOME_LINE.exec(line.trim());
    if (!match) continue;
    const spellings = match[1].match(BRACKETED) ?? [];
    if (spellings.length === 0 || !spellings.every((s) => faces.isKnown(s))) continue;
    outcomes.push({ faceIds: spellings.map((s) => faces.canonical(s)), text: match[2].trim() });
  }
  return outcomes;
}
