import { cardName, Deck, drawCards, insertBetween, putOnTop, removeByName, setAside, shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { RuleInputError } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { EventDeckCard } from '../core/event-deck';
import { drawCharactersByBorder } from '../core/setup';
import { IncidentSetupInput, incidentInput, incidentResult } from './incident-setup.schemas';
import { IncidentRecipe, INCIDENTS, scenarioContentId, StateTokenRule } from './incidents.rules-data';
import { TALES_HOME } from './twom-tales.rules-data';

function eventsNeeded(recipe: IncidentRecipe): number {
  return recipe.eventDeck.reduce((n, s) => n + (s.kind === 'events' ? s.count : 0), 0);
}

/** The rules that need more than one field: enough Events, the printed number of Ending Events, a deck to draw from. */
function validate(input: IncidentSetupInput): IncidentRecipe {
  const recipe = INCIDENTS[input.scenario];
  const { events, endingEvents: endings } = input;
  const needed = eventsNeeded(recipe) + recipe.setAsideEvents.length;
  if (events.length < needed) {
    throw new RuleInputError('events', 'too-small', `events must hold at least ${needed} cards for ${recipe.title}, got ${events.length}`);
  }
  for (const step of recipe.eventDeck) {
    if (step.kind === 'shuffle-endings' && endings.length !== step.count) {
      throw new RuleInputError('endingEvents', 'count', `endingEvents must hold exactly ${step.count} cards, got ${endings.length}`);
    }
  }
  if ('draw' in recipe.characters && !input.characterDeck) {
    throw new RuleInputError('characterDeck', 'required', `characterDeck is required for ${recipe.title}`);
  }
  return recipe;
}

function buildEvents(recipe: IncidentRecipe, input: IncidentSetupInput, random: Random, transcript: Transcript) {
  const aside = setAside(input.events, recipe.setAsideEvents, { field: 'events', label: 'Event cards', transcript });
  let pool = shuffleDeck(aside.deck, random, { label: 'Event cards', transcript });
  let endings: Deck<string> = input.endingEvents;
  const removed: string[] = [];
  let deck: Deck<EventDeckCard> = [];
  const opts = { label: 'Events deck', transcript };
  for (const step of recipe.eventDeck) {
    if (step.kind === 'shuffle-endings') {
      const shuffled = shuffleDeck(endings, random, { label: 'Ending Event cards', transcript });
      deck = putOnTop(deck, shuffled.map((name) => ({ name, kind: 'final-event' as const })), opts);
      endings = [];
    } else if (step.kind === 'ending') {
      const found = removeByName(endings, step.name, { field: 'endingEvents' });
      deck = putOnTop(deck, [{ name: found.removed, kind: 'final-event' as const }], opts);
      removed.push(...found.deck);
      endings = [];
      if (found.deck.length > 0) transcript.add(`Removed the other Ending Event cards from the game: ${found.deck.join(', ')}`);
    } else {
      const drawn = drawCards(pool, step.count, { field: 'events', label: 'shuffled Event cards' });
      pool = drawn.deck;
      deck = putOnTop(deck, drawn.drawn.map((name) => ({ name, kind: 'event' as const })), opts);
    }
  }
  if (recipe.eventToken) {
    const token = { name: recipe.eventToken.name, kind: 'token' as const };
    deck = insertBetween(deck, [token], recipe.eventToken.afterCount, { field: 'events', ...opts });
  }
  return { deck, setAside: aside.setAside, removed, unused: pool };
}

function drawCharacters(recipe: IncidentRecipe, input: IncidentSetupInput, random: Random, transcript: Transcript) {
  if ('special' in recipe.characters) {
    const drop = recipe.characters.removeFromDeck.map((n) => n.toLowerCase());
    const rest = (input.characterDeck ?? []).filter((c) => !drop.includes(cardName(c).toLowerCase()));
    transcript.add(
      `Took the Special Characters ${recipe.characters.special.join(' and ')}; ${recipe.characters.removeFromDeck.join(' and ')} leave the Characters deck`,
    );
    return { chosen: recipe.characters.special.map((name) => ({ name })), rest };
  }
  const { drawn, rest } = drawCharactersByBorder(input.characterDeck ?? [], recipe.characters.draw, random, transcript);
  return { chosen: drawn, rest };
}

function placeStates(rules: readonly StateTokenRule[], names: readonly string[], transcript: Transcript) {
  const states = new Map<string, { state: string; level: number }[]>(names.map((n) => [n, []]));
  const chosen: { state: string; level: number; count: number; rule: string }[] = [];
  for (const rule of rules) {
    if (rule.target === 'each') {
      names.forEach((n) => states.get(n)!.push({ state: rule.state, level: rule.level }));
      transcript.add(`Placed ${/^[AEIOU]/.test(rule.state) ? 'an' : 'a'} ${rule.state.toUpperCase()} LEVEL ${rule.level} token next to each Character`);
    } else {
      chosen.push({ state: rule.state, level: rule.level, count: rule.target.chosen, rule: rule.target.rule });
      transcript.add(`The players place ${rule.target.chosen} ${rule.state.toUpperCase()} LEVEL ${rule.level} token${rule.target.chosen > 1 ? 's' : ''} ${rule.target.rule}`);
    }
  }
  return { states, chosen };
}

/** The Setup of one Incident Scenario: Events deck, Characters, tokens and Storage. */
export const incidentSetupProcedure = defineProcedure({
  id: 'twom-tales.incident-setup',
  ...TALES_HOME,
  field: 'talesIncidentSetup',
  description: 'Setup and Events deck of an Incident Scenario (Blood in the Snow, Refugees, Epidemic, Side By Side, You and Me)',
  input: incidentInput,
  result: incidentResult,
  draws: true,
  run: (input, { random, transcript }) => {
    const recipe = validate(input);
    transcript.add(`Scenario: ${recipe.title}`);
    const events = buildEvents(recipe, input, random, transcript);
    if (recipe.cold) {
      transcript.add(`Starting Cold: ${recipe.cold.tokens} COLD tokens${recipe.cold.card ? ` and the ${recipe.cold.card} card` : ''} on the Cold space`);
    }
    const characters = drawCharacters(recipe, input, random, transcript);
    const placed = placeStates(recipe.stateTokens, characters.chosen.map((c) => c.name), transcript);
    const storage = { ...recipe.storage };
    transcript.add(
      `Storage: ${Object.entries(storage).map(([k, n]) => `${n} ${k}`).join(', ')}, plus any other tokens worth ${recipe.freeTokens.worth} or less${recipe.freeTokens.except.length ? ` (except ${recipe.freeTokens.except.join(', ')})` : ''}`,
    );
    let scenarioDeck: { name: string; cards: string[] } | undefined;
    if (recipe.scenarioDeck) {
      const cards = shuffleDeck(recipe.scenarioDeck.cards, random, { label: recipe.scenarioDeck.name, transcript });
      scenarioDeck = { name: recipe.scenarioDeck.name, cards: [...cards] };
    }
    return {
      scenarioId: scenarioContentId(recipe.id),
      eventDeck: [...events.deck],
      setAside: [...events.setAside],
      removedFromGame: events.removed,
      unusedEvents: [...events.unused],
      characters: characters.chosen.map((c) => ({ ...c, states: placed.states.get(c.name)! })),
      unusedCharacters: [...characters.rest],
      chosenStateTokens: placed.chosen,
      ...(recipe.cold ? { cold: { ...recipe.cold } } : {}),
      storage: Object.entries(storage).map(([name, n]) => ({ name, count: n })),
      freeTokens: { worth: recipe.freeTokens.worth, except: [...recipe.freeTokens.except] },
      tracks: Object.entries(recipe.tracks).map(([name, start]) => ({ name, start: String(start) })),
      ...(scenarioDeck ? { scenarioDeck } : {}),
      notes: [...recipe.notes],
    };
  },
});
