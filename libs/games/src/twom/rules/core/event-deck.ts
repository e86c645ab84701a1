import { Deck, drawCards, putOnTop, shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { refuse, seededRunner } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { cardNames } from './twom.schemas';
import { EVENT_DECK_RECIPE, EventDeckStep, TWOM_CORE_HOME } from './twom.rules-data';

export const eventCardKindSchema = describedEnum('TwomEventCardKind', {
  event: 'An Event card drawn at random from the Event cards.',
  'final-event': 'A Final Event card.',
  chapter: 'A Chapter card (I, II, III) that separates the parts of the deck.',
  token: 'A token shuffled or placed into the deck by a scenario rule.',
}).describe('What kind of card this is in the Event deck.');

export type EventCardKind = z.output<typeof eventCardKindSchema>;

export const eventDeckCardSchema = named(
  'TwomEventDeckCard',
  z.object({ name: z.string().describe('The card as printed (Chapter cards as "Chapter II").'), kind: eventCardKindSchema }).describe('A card of the Event deck.'),
);

export type EventDeckCard = z.output<typeof eventDeckCardSchema>;

export const eventDeckResultSchema = named(
  'TwomEventDeck',
  z
    .object({
      deck: z.array(eventDeckCardSchema).describe('The Event deck, top card first.'),
      unused: z.array(z.string()).describe('Event cards the recipe did not use ("The remaining Event cards are not used.").'),
    })
    .describe('A built Event deck and the cards left out.'),
);

export type EventDeckResult = z.output<typeof eventDeckResultSchema>;

const finalsNeeded = EVENT_DECK_RECIPE.reduce((n, s) => n + (s.kind === 'final-events' && 'count' in s ? s.count : 0), 0);
const eventsNeeded = EVENT_DECK_RECIPE.reduce((n, s) => n + (s.kind === 'events' && 'count' in s ? s.count : 0), 0);

const input = z
  .object({
    events: cardNames(`The Event cards to draw the random ones from, at least ${eventsNeeded}.`),
    finalEvents: cardNames(`The Final Event cards; the recipe asks for exactly ${finalsNeeded}.`),
  })
  .strict()
  .describe('The Event and Final Event cards the deck is built from.');

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
  return { deck: [...deck], unused: [...pool] };
}

/** Setup step 5 of the core rulebook, "Build Event Deck". */
export const twomEventDeckProcedure = defineProcedure({
  id: 'twom.event-deck',
  ...TWOM_CORE_HOME,
  field: 'twomEventDeck',
  description: 'Build the Event deck: 3 Final Events, Chapter III, 4 Events, Chapter II, 3 Events, Chapter I',
  draws: true,
  input,
  result: eventDeckResultSchema,
  run: ({ events, finalEvents }, { random, transcript }) => {
    if (finalEvents.length !== finalsNeeded) {
      refuse('finalEvents', 'count', `finalEvents must hold exactly ${finalsNeeded} cards, got ${finalEvents.length}`);
    }
    if (events.length < eventsNeeded) refuse('events', 'too-small', `events must hold at least ${eventsNeeded} cards, got ${events.length}`);
    return buildFromRecipe(EVENT_DECK_RECIPE, events, finalEvents, random, transcript);
  },
});

export type TwomEventDeckInput = z.input<typeof input>;
export const buildTwomEventDeck = seededRunner<TwomEventDeckInput, EventDeckResult>(twomEventDeckProcedure);
