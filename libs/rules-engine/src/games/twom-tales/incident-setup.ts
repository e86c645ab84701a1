import { cardName, Deck, drawCards, insertBetween, putOnTop, removeByName, setAside, shuffleDeck } from '../../deck/deck';
import { resolve, RuleInputError } from '../../procedure';
import { Random } from '../../rng/random';
import { Resolution, Transcript } from '../../transcript';
import { EventDeckCard } from '../twom/event-deck';
import { CharacterCard, drawCharactersByBorder } from '../twom/setup';
import { requireArray, requireOneOf, requireString, requireStringList, requireUniqueNames } from '../twom/validate';
import { INCIDENT_IDS, IncidentId, IncidentRecipe, INCIDENTS, StateTokenRule } from './incidents.rules-data';

export interface IncidentSetupInput {
  readonly scenario: IncidentId;
  /** Every Character card; not needed for You and Me, whose Characters are fixed. */
  readonly characterDeck?: readonly CharacterCard[];
  /** The Event cards. */
  readonly events: readonly string[];
  /** The 3 Ending Event cards, CEASEFIRE among them. */
  readonly endingEvents: readonly string[];
}

export interface IncidentCharacter {
  readonly name: string;
  readonly border?: CharacterCard['border'];
  readonly states: Readonly<Record<string, number>>;
}

export interface IncidentSetupResult {
  readonly scenario: string;
  readonly eventDeck: readonly EventDeckCard[];
  readonly setAside: readonly string[];
  readonly removedFromGame: readonly string[];
  readonly unusedEvents: readonly string[];
  readonly characters: readonly IncidentCharacter[];
  readonly unusedCharacters: readonly CharacterCard[];
  /** State tokens the players place by choice. */
  readonly chosenStateTokens: readonly { readonly state: string; readonly level: number; readonly count: number; readonly rule: string }[];
  readonly cold?: { readonly tokens: number; readonly card?: string };
  readonly storage: Readonly<Record<string, number>>;
  readonly freeTokens: { readonly worth: number; readonly except: readonly string[] };
  readonly tracks: Readonly<Record<string, number | string>>;
  readonly scenarioDeck?: { readonly name: string; readonly cards: readonly string[] };
  readonly notes: readonly string[];
}

function eventsNeeded(recipe: IncidentRecipe): number {
  return recipe.eventDeck.reduce((n, s) => n + (s.kind === 'events' ? s.count : 0), 0);
}

function validate(input: IncidentSetupInput): IncidentRecipe {
  const recipe = INCIDENTS[requireOneOf(input?.scenario, 'scenario', INCIDENT_IDS)];
  const events = requireStringList(input.events, 'events');
  const endings = requireStringList(input.endingEvents, 'endingEvents');
  const needed = eventsNeeded(recipe) + recipe.setAsideEvents.length;
  if (events.length < needed) {
    throw new RuleInputError('events', 'too-small', `events must hold at least ${needed} cards for ${recipe.title}, got ${events.length}`);
  }
  for (const step of recipe.eventDeck) {
    if (step.kind === 'shuffle-endings' && endings.length !== step.count) {
      throw new RuleInputError('endingEvents', 'count', `endingEvents must hold exactly ${step.count} cards, got ${endings.length}`);
    }
  }
  if ('draw' in recipe.characters) {
    const deck = requireArray<CharacterCard>(input.characterDeck, 'characterDeck');
    deck.forEach((card, i) => {
      requireString(card?.name, `characterDeck[${i}].name`);
      requireOneOf(card.border, `characterDeck[${i}].border`, ['red', 'black'] as const);
    });
    requireUniqueNames(deck.map((c) => c.name), 'characterDeck');
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
  const states = new Map<string, Record<string, number>>(names.map((n) => [n, {}]));
  const chosen: IncidentSetupResult['chosenStateTokens'][number][] = [];
  for (const rule of rules) {
    if (rule.target === 'each') {
      names.forEach((n) => (states.get(n)![rule.state] = rule.level));
      transcript.add(`Placed ${/^[AEIOU]/.test(rule.state) ? 'an' : 'a'} ${rule.state.toUpperCase()} LEVEL ${rule.level} token next to each Character`);
    } else {
      chosen.push({ state: rule.state, level: rule.level, count: rule.target.chosen, rule: rule.target.rule });
      transcript.add(`The players place ${rule.target.chosen} ${rule.state.toUpperCase()} LEVEL ${rule.level} token${rule.target.chosen > 1 ? 's' : ''} ${rule.target.rule}`);
    }
  }
  return { states, chosen };
}

/** The Setup of one Incident Scenario: Events deck, Characters, tokens and Storage. */
export function setupIncident(input: IncidentSetupInput, seed: string): Resolution<IncidentSetupResult> {
  const recipe = validate(input);
  return resolve(seed, (random, transcript) => {
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
    let scenarioDeck: IncidentSetupResult['scenarioDeck'];
    if (recipe.scenarioDeck) {
      const cards = shuffleDeck(recipe.scenarioDeck.cards, random, { label: recipe.scenarioDeck.name, transcript });
      scenarioDeck = { name: recipe.scenarioDeck.name, cards };
    }
    return {
      scenario: recipe.id,
      eventDeck: events.deck,
      setAside: events.setAside,
      removedFromGame: events.removed,
      unusedEvents: events.unused,
      characters: characters.chosen.map((c) => ({ ...c, states: placed.states.get(c.name)! })),
      unusedCharacters: characters.rest,
      chosenStateTokens: placed.chosen,
      ...(recipe.cold ? { cold: recipe.cold } : {}),
      storage,
      freeTokens: recipe.freeTokens,
      tracks: recipe.tracks,
      ...(scenarioDeck ? { scenarioDeck } : {}),
      notes: recipe.notes,
    };
  });
}
