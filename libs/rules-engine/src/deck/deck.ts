import { RuleInputError } from '../procedure';
import { Random } from '../rng/random';
import { Transcript } from '../transcript';

/**
 * A deck is a readonly array whose index 0 is the top card. Every operation
 * returns a new array so a caller's deck is never changed behind its back.
 */
export type Deck<T> = readonly T[];

/** A card the operations can name: a plain string or anything with a `name`. */
export type Nameable = string | { readonly name: string };

export interface DeckOptions {
  /** The input field the deck came from, named in errors. */
  readonly field?: string;
  /** How the deck is called in transcript lines, e.g. "Event deck". */
  readonly label?: string;
  readonly transcript?: Transcript;
}

export interface DrawResult<T> {
  readonly drawn: readonly T[];
  readonly deck: Deck<T>;
}

export function cardName(card: unknown): string {
  if (typeof card === 'string') return card;
  if (card && typeof card === 'object' && typeof (card as { name?: unknown }).name === 'string') {
    return (card as { name: string }).name;
  }
  return String(card);
}

function label(opts: DeckOptions): string {
  return opts.label ?? 'deck';
}

function field(opts: DeckOptions): string {
  return opts.field ?? 'deck';
}

function listNames(cards: readonly unknown[]): string {
  return cards.map(cardName).join(', ');
}

function requireCount(n: number, name: string): void {
  if (!Number.isInteger(n) || n < 0) {
    throw new RuleInputError(name, 'integer', `${name} must be a whole number of cards, 0 or more`);
  }
}

export function shuffleDeck<T>(deck: Deck<T>, random: Random, opts: DeckOptions = {}): Deck<T> {
  const out = random.shuffle(deck);
  opts.transcript?.add(`Shuffled the ${label(opts)} (${out.length} cards)`, {
    detail: { operation: 'shuffle', size: out.length },
  });
  return out;
}

/** Takes `n` cards from the top; a deck too small to give them is bad input. */
export function drawCards<T>(deck: Deck<T>, n: number, opts: DeckOptions = {}): DrawResult<T> {
  requireCount(n, 'n');
  if (deck.length < n) {
    throw new RuleInputError(
      field(opts),
      'too-small',
      `${field(opts)} must hold at least ${n} cards to draw from, but holds ${deck.length}`,
    );
  }
  const drawn = deck.slice(0, n);
  if (n > 0) {
    opts.transcript?.add(`Drew ${n} from the ${label(opts)}: ${listNames(drawn)}`, {
      detail: { operation: 'draw', cards: drawn.map(cardName) },
    });
  }
  return { drawn, deck: deck.slice(n) };
}

/**
 * Takes the first `n` cards that match, scanning from the top, leaving the
 * others in order: "draw the first red-bordered card".
 */
export function drawFirstMatching<T>(
  deck: Deck<T>,
  matches: (card: T) => boolean,
  n: number,
  opts: DeckOptions & { readonly what?: string } = {},
): DrawResult<T> {
  requireCount(n, 'n');
  const drawn: T[] = [];
  const rest: T[] = [];
  for (const card of deck) {
    if (drawn.length < n && matches(card)) drawn.push(card);
    else rest.push(card);
  }
  const what = opts.what ?? 'matching';
  if (drawn.length < n) {
    throw new RuleInputError(
      field(opts),
      'too-small',
      `${field(opts)} must hold at least ${n} ${what} cards, but holds ${drawn.length}`,
    );
  }
  if (n > 0) {
    opts.transcript?.add(`Drew the first ${n === 1 ? `${what} card` : `${n} ${what} cards`} from the ${label(opts)}: ${listNames(drawn)}`, {
      detail: { operation: 'draw-matching', cards: drawn.map(cardName) },
    });
  }
  return { drawn, deck: rest };
}

export function putOnBottom<T>(deck: Deck<T>, cards: readonly T[], opts: DeckOptions = {}): Deck<T> {
  if (cards.length > 0) {
    opts.transcript?.add(`Put on the bottom of the ${label(opts)}: ${listNames(cards)}`, {
      detail: { operation: 'bottom', cards: cards.map(cardName) },
    });
  }
  return [...deck, ...cards];
}

export function putOnTop<T>(deck: Deck<T>, cards: readonly T[], opts: DeckOptions = {}): Deck<T> {
  if (cards.length > 0) {
    opts.transcript?.add(`Put on top of the ${label(opts)}: ${listNames(cards)}`, {
      detail: { operation: 'top', cards: cards.map(cardName) },
    });
  }
  return [...cards, ...deck];
}

export interface SetAsideResult<T> {
  readonly setAside: readonly T[];
  readonly deck: Deck<T>;
}

/** Moves every card with one of `names` out of the deck; each name must be found. */
export function setAside<T extends Nameable>(deck: Deck<T>, names: readonly string[], opts: DeckOptions = {}): SetAsideResult<T> {
  let rest = deck;
  const aside: T[] = [];
  for (const name of names) {
    const removed = removeByName(rest, name, { field: opts.field });
    rest = removed.deck;
    aside.push(removed.removed);
  }
  if (aside.length > 0) {
    opts.transcript?.add(`Set aside from the ${label(opts)}: ${listNames(aside)}`, {
      detail: { operation: 'set-aside', cards: aside.map(cardName) },
    });
  }
  return { setAside: aside, deck: rest };
}

export interface RemoveResult<T> {
  readonly removed: T;
  readonly deck: Deck<T>;
}

/** Removes the topmost card of that name (case-insensitive); missing is bad input. */
export function removeByName<T extends Nameable>(deck: Deck<T>, name: string, opts: DeckOptions = {}): RemoveResult<T> {
  const wanted = name.trim().toLowerCase();
  const index = deck.findIndex((card) => cardName(card).trim().toLowerCase() === wanted);
  if (index < 0) {
    throw new RuleInputError(field(opts), 'missing-card', `${field(opts)} must contain the card "${name}"`);
  }
  const removed = deck[index];
  opts.transcript?.add(`Removed ${cardName(removed)} from the ${label(opts)}`, {
    detail: { operation: 'remove', card: cardName(removed) },
  });
  return { removed, deck: [...deck.slice(0, index), ...deck.slice(index + 1)] };
}

export interface InsertOptions extends DeckOptions {
  /** Shuffle the inserted cards among themselves first. */
  readonly shuffle?: Random;
}

/**
 * Places `cards` after the first `afterCount` cards from the top, i.e. between
 * the `afterCount`-th and the next card: "shuffle 3 cards and place them
 * between the 4th and 5th card" is `afterCount = 4` with `shuffle`.
 */
export function insertBetween<T>(deck: Deck<T>, cards: readonly T[], afterCount: number, opts: InsertOptions = {}): Deck<T> {
  requireCount(afterCount, 'afterCount');
  if (afterCount > deck.length) {
    throw new RuleInputError(
      field(opts),
      'too-small',
      `${field(opts)} must hold at least ${afterCount} cards to insert after the ${ordinal(afterCount)} card, but holds ${deck.length}`,
    );
  }
  const placed = opts.shuffle ? opts.shuffle.shuffle(cards) : cards.slice();
  const where =
    afterCount === 0
      ? 'on top'
      : afterCount === deck.length
        ? 'at the bottom'
        : `between the ${ordinal(afterCount)} and ${ordinal(afterCount + 1)} card`;
  opts.transcript?.add(
    `${opts.shuffle ? 'Shuffled and placed' : 'Placed'} ${listNames(placed)} ${where} of the ${label(opts)}`,
    { detail: { operation: 'insert', afterCount, cards: placed.map(cardName) } },
  );
  return [...deck.slice(0, afterCount), ...placed, ...deck.slice(afterCount)];
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
