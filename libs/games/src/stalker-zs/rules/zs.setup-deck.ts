import { Random } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { ZS_SETUP_CARD_COUNT, ZsSetupDrawRule } from './zs.rules-data';

/** A Setup card the pack holds; `tags` is null where the seed does not print them. */
export interface HeldSetupCard {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[] | null;
  readonly tagKeys: readonly string[] | null;
}

/**
 * The box's Setup deck: the cards the pack holds, and as many places again as
 * the box has cards the seed never prints. Shuffling all of them keeps each
 * card's chance what it is at the table (4 draws in 55, not 4 in 10).
 */
export interface BoundSetupDeck {
  readonly size: number;
  readonly held: readonly HeldSetupCard[];
  readonly entries: readonly (HeldSetupCard | null)[];
}

export interface ZsSetupCardView {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[] | null;
  readonly tagsKnown: boolean;
}

export interface ZsSetupSlot {
  readonly slot: number;
  /** Null when the card drawn is one the pack does not hold: the table draws it. */
  readonly card: ZsSetupCardView | null;
  /** What the table must do or check for this slot; null when nothing is left to it. */
  readonly note: string | null;
}

export type ZsDiscardReason = 'repeated-tag' | 'scenario-rule';

export interface ZsSetupDiscard {
  readonly card: ZsSetupCardView;
  readonly reason: ZsDiscardReason;
}

export interface ZsSetupDraw {
  readonly slots: readonly ZsSetupSlot[];
  readonly discarded: readonly ZsSetupDiscard[];
}

export const tagKey = (tag: string): string => tag.trim().toLowerCase();

/**
 * A shuffled deck dealt from the top, shuffled only as far as it is dealt:
 * each card drawn is uniform among those left, exactly as from a fully
 * shuffled deck, but four draws cost four random numbers, not fifty-four.
 */
export class ShuffledDeck<T> {
  /** Places whose card moved, by index; the deck itself is shared and never copied. */
  private readonly moved = new Map<number, T>();
  private left: number;

  constructor(
    private readonly cards: readonly T[],
    private readonly random: Random,
  ) {
    this.left = cards.length;
  }

  isEmpty(): boolean {
    return this.left === 0;
  }

  draw(): T {
    const i = this.random.int(0, this.left - 1);
    const card = this.at(i);
    this.left--;
    this.moved.set(i, this.at(this.left));
    return card;
  }

  private at(i: number): T {
    return this.moved.has(i) ? this.moved.get(i)! : this.cards[i];
  }
}

export function bindSetupDeck(cards: readonly { id: string; name: string; tags: readonly string[]; tagsKnown?: boolean }[], boxSize: number | null): BoundSetupDeck {
  const held = cards.map((c) => {
    const known = c.tagsKnown !== false;
    return Object.freeze({ id: c.id, name: c.name, tags: known ? c.tags : null, tagKeys: known ? c.tags.map(tagKey) : null });
  });
  const size = boxSize ?? held.length;
  if (size < held.length) throw new Error(`stalker-zs content holds ${held.length} Setup cards but the deck has ${size}`);
  const entries = [...held, ...Array.from({ length: size - held.length }, () => null)];
  return Object.freeze({ size, held: Object.freeze(held), entries: Object.freeze(entries) });
}

const view = (card: HeldSetupCard): ZsSetupCardView => ({ id: card.id, name: card.name, tags: card.tags, tagsKnown: card.tags !== null });

const NOT_IN_PACK =
  'A Setup card the seed does not print: draw one at the table from the Setup deck without the cards this setup names, then check that it repeats no tag of the others (if it does, discard it and draw again).';
const TAGS_UNKNOWN = 'The seed does not print its tags: check at the table that it repeats no tag of the others (if it does, discard it and draw again).';

/**
 * Step 3: "Draw four random cards from the Setup deck one by one. Each time you
 * draw a card with at least one tag identical to the tag on any previously
 * drawn Setup card, discard it and draw another one in its place." The rule is
 * applied wherever both tags are known; where one is not, the slot says what
 * the table must check instead of pretending the card has no tags.
 */
export function drawSetupCards(
  deck: BoundSetupDeck,
  rule: ZsSetupDrawRule,
  judged: ReadonlySet<string>,
  random: Random,
  transcript: Transcript,
): ZsSetupDraw {
  const rest = new ShuffledDeck(deck.entries, random);
  transcript.add(`Shuffled the Setup deck (${deck.size} cards)`, { detail: { operation: 'shuffle', size: deck.size } });
  const slots: ZsSetupSlot[] = [];
  const discarded: ZsSetupDiscard[] = [];
  const used = new Set<string>();
  const scenarioNote = (card: HeldSetupCard | null): string | null =>
    rule.kind === 'redraw-tag' && (card === null || card.tagKeys === null) ? ` This Scenario also discards it if it has the ${rule.tag} tag: "${rule.quote}"` : null;
  const accept = (card: HeldSetupCard | null, note: string | null) => {
    slots.push({ slot: slots.length + 1, card: card && view(card), note });
    card?.tagKeys?.forEach((k) => used.add(k));
    transcript.add(`Setup card ${slots.length}: ${card ? card.name : 'a card the seed does not print (drawn at the table)'}`, {
      detail: { cardId: card?.id ?? null },
    });
  };

  while (slots.length < ZS_SETUP_CARD_COUNT) {
    if (rule.kind === 'fourth-with-tag' && slots.length === ZS_SETUP_CARD_COUNT - 1 && !hasKnownTag(slots, rule.tag)) {
      drawFourthWithTag(rest, slots, rule, used, accept, transcript);
      break;
    }
    if (rest.isEmpty()) throw new Error('the Setup deck ran out before four cards with no repeated tag were drawn');
    const card = rest.draw();
    if (card === null) {
      accept(null, NOT_IN_PACK + (scenarioNote(null) ?? ''));
      continue;
    }
    if (card.tagKeys === null) {
      if (scenarioRejects(card, rule, judged)) discard(card, 'scenario-rule');
      else accept(card, TAGS_UNKNOWN + (scenarioNote(card) ?? ''));
      continue;
    }
    const repeated = card.tags!.filter((t) => used.has(tagKey(t)));
    if (repeated.length) {
      transcript.add(`Discarded ${card.name}: its tag ${repeated.join(', ')} repeats a drawn card's tag`);
      discarded.push({ card: view(card), reason: 'repeated-tag' });
    } else if (scenarioRejects(card, rule, judged)) {
      discard(card, 'scenario-rule');
    } else {
      accept(card, null);
    }
  }
  return { slots, discarded };

  function discard(card: HeldSetupCard, reason: ZsDiscardReason) {
    transcript.add(`Discarded ${card.name} by the Scenario's Step 3: "${'quote' in rule ? rule.quote : ''}"`);
    discarded.push({ card: view(card), reason });
  }
}

function hasKnownTag(slots: readonly ZsSetupSlot[], tag: string): boolean {
  return slots.some((s) => s.card?.tags?.some((t) => tagKey(t) === tagKey(tag)) ?? false);
}

function scenarioRejects(card: HeldSetupCard, rule: ZsSetupDrawRule, judged: ReadonlySet<string>): boolean {
  switch (rule.kind) {
    case 'redraw-card':
      return tagKey(card.name) === tagKey(rule.cardName);
    case 'redraw-tag':
      return card.tagKeys?.includes(tagKey(rule.tag)) ?? false;
    case 'redraw-judged':
      return judged.has(card.id);
    default:
      return false;
  }
}

/**
 * Frontal Assault: "check the next cards in the Setup deck until you find the
 * first one with the Request tag – draw it as the fourth one". The search runs
 * while the next card's tags are known; at the first card whose tags are not,
 * the table carries on, since that card may be the one.
 */
function drawFourthWithTag(
  rest: ShuffledDeck<HeldSetupCard | null>,
  slots: readonly ZsSetupSlot[],
  rule: Extract<ZsSetupDrawRule, { kind: 'fourth-with-tag' }>,
  used: ReadonlySet<string>,
  accept: (card: HeldSetupCard | null, note: string | null) => void,
  transcript: Transcript,
): void {
  const key = tagKey(rule.tag);
  const firstThreeKnown = slots.every((s) => s.card?.tagsKnown);
  const caveat = firstThreeKnown
    ? ''
    : ` This applies only if none of the first three has the ${rule.tag} tag; the seed does not print every one of their tags, so check them at the table, and if one has it, draw the fourth card normally instead.`;
  transcript.add(`None of the first three shows a ${rule.tag} tag: "${rule.quote}"`);
  let checked = 0;
  while (!rest.isEmpty()) {
    const card = rest.draw();
    if (card === null || card.tagKeys === null) {
      accept(
        null,
        `Check the next cards of the Setup deck at the table for the first with the ${rule.tag} tag and no tag of the other three (${checked} card${checked === 1 ? '' : 's'} the pack holds were checked first and have none).${caveat}`,
      );
      return;
    }
    checked++;
    if (card.tagKeys.includes(key) && !card.tagKeys.some((k) => used.has(k))) {
      accept(card, caveat.trim() || null);
      return;
    }
  }
  // The seed does not say what happens when no card left can be the fourth.
  accept(null, `No card with the ${rule.tag} tag and no tag of the other three is left in the Setup deck; the seed gives no way on from here, so the table decides.${caveat}`);
}
