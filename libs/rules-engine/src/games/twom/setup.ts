import { Deck, drawCards, drawFirstMatching, shuffleDeck } from '../../deck/deck';
import { resolve, RuleInputError } from '../../procedure';
import { Random } from '../../rng/random';
import { Resolution, Transcript } from '../../transcript';
import {
  Border,
  CAT_REPLACES_RAW_FOOD,
  LOCATION_SPACES,
  STARTING_CHARACTERS,
  STARTING_HUNGER,
  STARTING_STOCKPILE,
} from './twom.rules-data';
import { requireArray, requireOneOf, requireString, requireStringList, requireUniqueNames } from './validate';

export interface CharacterCard {
  readonly name: string;
  readonly border: Border;
}

export interface TwomSetupInput {
  /** Players around the table; the Leader is chosen among them. */
  readonly players: readonly string[];
  /** Every Character card in the box; it is shuffled here. */
  readonly characterDeck: readonly CharacterCard[];
  /**
   * The Locations deck. The rulebook only says "Draw 3 cards"; it is shuffled
   * first because a companion cannot know the order of the physical deck.
   */
  readonly locationsDeck: readonly string[];
  /** 000 The Cat: start a Campaign with the Cat in the Shelter (no 3 Raw Food). */
  readonly catInShelter?: boolean;
}

export interface StartingCharacter extends CharacterCard {
  readonly hunger: number;
}

export interface TwomSetupResult {
  readonly leader: string;
  readonly characters: readonly StartingCharacter[];
  /** What goes to the unused Characters space, top first. */
  readonly unusedCharacters: readonly CharacterCard[];
  readonly locations: readonly string[];
  readonly locationsDeck: readonly string[];
  readonly stockpile: Readonly<Record<string, number>>;
  readonly catInShelter: boolean;
}

function validate(input: TwomSetupInput): void {
  const players = requireStringList(input?.players, 'players', { min: 1 });
  requireUniqueNames(players, 'players', '');
  const deck = requireArray<CharacterCard>(input.characterDeck, 'characterDeck');
  deck.forEach((card, i) => {
    requireString(card?.name, `characterDeck[${i}].name`);
    requireOneOf(card.border, `characterDeck[${i}].border`, ['red', 'black'] as const);
  });
  requireUniqueNames(deck.map((c) => c.name), 'characterDeck');
  requireStringList(input.locationsDeck, 'locationsDeck');
  if (input.catInShelter !== undefined && typeof input.catInShelter !== 'boolean') {
    throw new RuleInputError('catInShelter', 'required', 'catInShelter must be true or false');
  }
}

/**
 * Shuffles the Characters deck, then takes the first cards of each border
 * colour in turn: how both the core setup and Tales' Incidents deal
 * Characters. A deck short of a colour is bad input on `characterDeck`.
 */
export function drawCharactersByBorder(
  characterDeck: Deck<CharacterCard>,
  draws: readonly { readonly border: Border; readonly count: number }[],
  random: Random,
  transcript: Transcript,
): { drawn: CharacterCard[]; rest: Deck<CharacterCard> } {
  let deck = shuffleDeck(characterDeck, random, { label: 'Character deck', transcript });
  const drawn: CharacterCard[] = [];
  for (const { border, count } of draws) {
    const found = drawFirstMatching(deck, (c) => c.border === border, count, {
      field: 'characterDeck',
      label: 'Character deck',
      what: `${border}-bordered`,
      transcript,
    });
    deck = found.deck;
    drawn.push(...found.drawn);
  }
  return { drawn, rest: deck };
}

/** Setup steps 1, 2, 3 and 6 of the core rulebook; the Event deck is `buildTwomEventDeck`. */
export function twomSetup(input: TwomSetupInput, seed: string): Resolution<TwomSetupResult> {
  validate(input);
  return resolve(seed, (random, transcript) => {
    const leader = random.pick(input.players);
    transcript.add(`Chose the Leader at random among ${input.players.length} players: ${leader}`, {
      detail: { players: input.players.slice() },
    });

    const dealt = drawCharactersByBorder(input.characterDeck, STARTING_CHARACTERS, random, transcript);
    const characters: StartingCharacter[] = dealt.drawn.map((c) => ({ ...c, hunger: STARTING_HUNGER }));
    transcript.add(
      `Placed a Hunger token (level ${STARTING_HUNGER}) near each Character: ${characters.map((c) => c.name).join(', ')}`,
    );
    transcript.add(`${dealt.rest.length} Character cards go to the unused Characters space`);

    const shuffledLocations = shuffleDeck(input.locationsDeck, random, { label: 'Locations deck', transcript });
    const locations = drawCards(shuffledLocations, LOCATION_SPACES, {
      field: 'locationsDeck',
      label: 'Locations deck',
      transcript,
    });

    const catInShelter = input.catInShelter === true;
    const stockpile: Record<string, number> = { ...STARTING_STOCKPILE };
    if (catInShelter) stockpile['Raw Food'] -= CAT_REPLACES_RAW_FOOD;
    const listed = Object.entries(stockpile)
      .filter(([, n]) => n > 0)
      .map(([item, n]) => `${n} ${item}`)
      .join(', ');
    transcript.add(
      catInShelter
        ? `The Cat starts in the Shelter, so no Raw Food is added. Stockpile: ${listed}`
        : `Stockpile: ${listed}`,
      { detail: { stockpile } },
    );

    return {
      leader,
      characters,
      unusedCharacters: dealt.rest,
      locations: locations.drawn,
      locationsDeck: locations.deck,
      stockpile,
      catInShelter,
    };
  });
}
