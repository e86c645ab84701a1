import { Deck, drawCards, putOnTop, shuffleDeck } from '../../deck/deck';
import { resolve, RuleInputError } from '../../procedure';
import { Random } from '../../rng/random';
import { Resolution, Transcript } from '../../transcript';
import { EVENT_DECK_RECIPE, EventDeckStep } from './twom.rules-data';
import { requireStringList } from './validate';

export type EventCardKind = 'event' | 'final-event' | 'chapter' | 'token';

export interface EventDeckCard {
  readonly name: string;
  readonly kind: EventCardKind;
}

export interface TwomEventDeckInput {
  /** The Event cards to draw the random ones from. */
  readonly events: readonly string[];
  /** The Final Event cards; the recipe asks for exactly 3. */
  readonly finalEvents: readonly string[];
}

export interface EventDeckResult {
  /** The Event deck, top card first. */
  readonly deck: readonly EventDeckCard[];
  /** Event cards the recipe did not use ("The remaining Event cards are not used."). */
  readonly unused: readonly string[];
}

function stepCount(recipe: readonly EventDeckStep[], kind: EventDeckStep['kind']): number {
  return recipe.reduce((n, s) => n + (s.kind === kind && 'count' in s ? s.count : 0), 0);
}

export function chapterCard(chapter: string): EventDeckCard {
  return { name: `Chapter ${chapter}`, kind: 'chapter' };
}

/** Builds a deck from the bottom up, following a recipe of steps. */
export function buildFromRecipe(
  recipe: readonly EventDeckStep[],
  events: Deck<string>,
  finalEvents: readonly string[],
  random: Random,
  transcript: Transcript,
): EventDeckResult {
  let pool = shuffleDeck(events, random, { label: 'Event cards', transcript });
  let deck: Deck<EventDeckCard> = [];
  for (const step of recipe) {
    if (step.kind === 'final-events') {
      const finals = shuffleDeck(finalEvents, random, { label: 'Final Event cards', transcript });
      deck = putOnTop(deck, finals.map((name) => ({ name, kind: 'final-event' as const })), {
        label: 'Event deck',
        transcript,
      });
    } else if (step.kind === 'chapter') {
      deck = putOnTop(deck, [chapterCard(step.chapter)], { label: 'Event deck', transcript });
    } else {
      const drawn = drawCards(pool, step.count, { field: 'events', label: 'shuffled Event cards' });
      pool = drawn.deck;
      deck = putOnTop(deck, drawn.drawn.map((name) => ({ name, kind: 'event' as const })), {
        label: 'Event deck',
        transcript,
      });
    }
  }
  transcript.add(`The Event deck holds ${deck.length} cards; ${pool.length} Event cards are not used`, {
    detail: { top: deck[0]?.name, bottom: deck[deck.length - 1]?.name },
  });
  return { deck, unused: pool };
}

/** Setup step 5 of the core rulebook, "Build Event Deck". */
export function buildTwomEventDeck(input: TwomEventDeckInput, seed: string): Resolution<EventDeckResult> {
  const events = requireStringList(input?.events, 'events');
  const finals = requireStringList(input.finalEvents, 'finalEvents');
  const finalsNeeded = stepCount(EVENT_DECK_RECIPE, 'final-events');
  if (finals.length !== finalsNeeded) {
    throw new RuleInputError('finalEvents', 'count', `finalEvents must hold exactly ${finalsNeeded} cards, got ${finals.length}`);
  }
  const eventsNeeded = stepCount(EVENT_DECK_RECIPE, 'events');
  if (events.length < eventsNeeded) {
    throw new RuleInputError('events', 'too-small', `events must hold at least ${eventsNeeded} cards, got ${events.length}`);
  }
  return resolve(seed, (random, transcript) => buildFromRecipe(EVENT_DECK_RECIPE, events, finals, random, transcript));
}
