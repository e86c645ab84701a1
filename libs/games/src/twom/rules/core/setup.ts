import { z } from 'zod';
import { Deck, drawCards, drawFirstMatching, shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { defineProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { named } from '@scriptbook/rules-engine';
import { count, nameText, seededRunner, uniqueStrings } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { cardNames, characterCardSchema, characterDeckSchema } from './twom.schemas';
import {
  Border,
  CAT_REPLACES_RAW_FOOD,
  LOCATION_SPACES,
  STARTING_CHARACTERS,
  STARTING_HUNGER,
  STARTING_STOCKPILE,
  TWOM_CORE_HOME,
} from './twom.rules-data';

export type CharacterCard = z.output<typeof characterCardSchema>;

const input = z
  .object({
    players: z
      .array(nameText('A player name, unique around the table.'))
      .min(1)
      .superRefine(uniqueStrings)
      .describe('Players around the table, at least one; the Leader is chosen among them.'),
    characterDeck: characterDeckSchema,
    locationsDeck: cardNames(
      'The Locations deck. The rulebook says only "Draw 3 cards"; it is shuffled first, since a companion cannot know the physical order.',
    ),
    catInShelter: z.boolean().optional().describe('000 The Cat: start the Campaign with the Cat in the Shelter, so no 3 Raw Food are added.'),
  })
  .strict()
  .describe('What the core setup needs: the players, the Character cards and the Locations deck.');

const startingCharacter = named(
  'TwomStartingCharacter',
  z
    .object({
      name: z.string().describe('The Character as printed on the card.'),
      border: characterCardSchema.shape.border,
      hunger: count('The Hunger level the Character starts with (a Hunger token at level 2).'),
    })
    .describe('A Character dealt at setup, with their starting Hunger.'),
);

const result = z
  .object({
    leader: z.string().describe('The player chosen at random as Leader.'),
    characters: z.array(startingCharacter).describe('The starting Characters: the first red-bordered card, then the first two black-bordered cards.'),
    unusedCharacters: z.array(characterCardSchema).describe('The rest of the shuffled Character deck, for the unused Characters space, top first.'),
    locations: z.array(z.string()).describe('The 3 Location cards for the Location spaces.'),
    locationsDeck: z.array(z.string()).describe('The Locations deck left after the draw, top first.'),
    stockpile: z.record(z.number().int()).describe('The starting Stockpile: item name → how many.'),
    catInShelter: z.boolean().describe('Whether the Cat starts in the Shelter (and the 3 Raw Food were left out).'),
  })
  .describe('The table after core setup steps 1, 2, 3 and 6.');

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
  for (const { border, count: wanted } of draws) {
    const found = drawFirstMatching(deck, (c) => c.border === border, wanted, {
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

/** Setup steps 1, 2, 3 and 6 of the core rulebook; the Event deck is `twom.event-deck`. */
export const twomSetupProcedure = defineProcedure({
  id: 'twom.setup',
  ...TWOM_CORE_HOME,
  field: 'twomSetup',
  description: 'Setup: random Leader, 1 red- and 2 black-bordered Characters, 3 Locations, starting Stockpile',
  draws: true,
  input,
  result,
  run: (setup, { random, transcript }) => {
    const leader = random.pick(setup.players);
    transcript.add(`Chose the Leader at random among ${setup.players.length} players: ${leader}`, {
      detail: { players: setup.players.slice() },
    });

    const dealt = drawCharactersByBorder(setup.characterDeck, STARTING_CHARACTERS, random, transcript);
    const characters = dealt.drawn.map((c) => ({ ...c, hunger: STARTING_HUNGER }));
    transcript.add(`Placed a Hunger token (level ${STARTING_HUNGER}) near each Character: ${characters.map((c) => c.name).join(', ')}`);
    transcript.add(`${dealt.rest.length} Character cards go to the unused Characters space`);

    const shuffledLocations = shuffleDeck(setup.locationsDeck, random, { label: 'Locations deck', transcript });
    const locations = drawCards(shuffledLocations, LOCATION_SPACES, { field: 'locationsDeck', label: 'Locations deck', transcript });

    const catInShelter = setup.catInShelter === true;
    const stockpile: Record<string, number> = { ...STARTING_STOCKPILE };
    if (catInShelter) stockpile['Raw Food'] -= CAT_REPLACES_RAW_FOOD;
    const listed = Object.entries(stockpile)
      .filter(([, n]) => n > 0)
      .map(([item, n]) => `${n} ${item}`)
      .join(', ');
    transcript.add(catInShelter ? `The Cat starts in the Shelter, so no Raw Food is added. Stockpile: ${listed}` : `Stockpile: ${listed}`, {
      detail: { stockpile },
    });

    return {
      leader,
      characters,
      unusedCharacters: [...dealt.rest],
      locations: [...locations.drawn],
      locationsDeck: [...locations.deck],
      stockpile,
      catInShelter,
    };
  },
});

export type TwomSetupInput = z.input<typeof input>;
export type TwomSetupResult = z.output<typeof result>;
export type StartingCharacter = z.output<typeof startingCharacter>;
export const twomSetup = seededRunner<TwomSetupInput, TwomSetupResult>(twomSetupProcedure);
