import { z } from 'zod';
import { drawCards, shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { defineProcedure } from '@scriptbook/rules-engine';
import { count, plain, refuse, seededRunner } from '@scriptbook/rules-engine';
import { rollBlack } from './black-die';
import { cardNames } from './twom.schemas';
import { MAX_SCAVENGERS, NOISE_AFTER_ENCOUNTER, NOISE_START, TWOM_CORE_HOME, UNKNOWN_DECK_SIZES } from './twom.rules-data';

const unknownDeckInput = z
  .object({
    locationCards: z
      .number()
      .int()
      .min(1)
      .describe(`The number printed on the chosen Location: one of ${UNKNOWN_DECK_SIZES.join(', ')}.`),
    explorationDeck: cardNames('The Exploration deck, at least as many cards as the Location asks for. It is shuffled, as after every Scavenging.'),
    scavengers: z.number().int().min(1).max(MAX_SCAVENGERS).describe(`Characters scavenging, 1 to ${MAX_SCAVENGERS}.`),
  })
  .strict()
  .describe('The chosen Location and the Exploration deck.');

const unknownDeckResult = z
  .object({
    unknown: z.array(z.string()).describe('The Unknown deck, top first; resolve it one by one.'),
    explorationDeck: z.array(z.string()).describe('The Exploration deck left, top first.'),
    noise: count('The Noise token\'s space: "1" at the start of Scavenging.'),
  })
  .describe('The Unknown deck dealt and the Noise set.');

/** Scavenge "Adjust the Noise Token" and "Prepare Unknown Deck". */
export const twomUnknownDeckProcedure = defineProcedure({
  id: 'twom.scavenge-unknown-deck',
  ...TWOM_CORE_HOME,
  field: 'twomUnknownDeck',
  description: 'Scavenge: set Noise to 1 and deal the Unknown deck for the chosen Location',
  draws: true,
  input: unknownDeckInput,
  result: unknownDeckResult,
  run: ({ locationCards: size, explorationDeck: deck }, { random, transcript }) => {
    if (!UNKNOWN_DECK_SIZES.includes(size)) refuse('locationCards', 'one-of', `locationCards must be one of ${UNKNOWN_DECK_SIZES.join(', ')}`);
    if (deck.length < size) refuse('explorationDeck', 'too-small', `explorationDeck must hold at least ${size} cards, got ${deck.length}`);
    transcript.add(`Placed the Noise token on the "${NOISE_START}" space`);
    const shuffled = shuffleDeck(deck, random, { label: 'Exploration deck', transcript });
    const drawn = drawCards(shuffled, size, { field: 'explorationDeck', label: 'Exploration deck' });
    transcript.add(`Drew ${size} Exploration cards face down into the Unknown space`, { detail: { cards: drawn.drawn } });
    return { unknown: [...drawn.drawn], explorationDeck: [...drawn.deck], noise: NOISE_START };
  },
});

const noiseRollInput = z
  .object({
    // The rulebook does not print the top of the Noise marker, so only the floor is checked.
    noise: z.number().int().min(NOISE_START).describe(`The Noise marker's current space, ${NOISE_START} or more.`),
    residentsDeck: z.array(plain(z.string().min(1)).describe('A Residents card.')).min(1).describe('The Residents deck, top first, at least one card.'),
  })
  .strict()
  .describe('The Noise and the Residents deck for a Noise roll.');

const noiseRollResult = z
  .object({
    roll: z.number().int().min(1).max(10).describe('The Black die roll.'),
    encounter: z.boolean().describe('True when the roll was equal to or less than the Noise: an encounter.'),
    resident: z.string().optional().describe('The Residents card drawn on an encounter; absent otherwise.'),
    noise: count('The Noise after the roll (back to "1" after an encounter).'),
    residentsDeck: z.array(z.string()).describe('The Residents deck left, top first.'),
  })
  .describe('The Noise roll and what it drew.');

/** "If the game instructs to roll for Noise ... equal to or less than the current Noise, an encounter is activated". */
export const twomNoiseRollProcedure = defineProcedure({
  id: 'twom.noise-roll',
  ...TWOM_CORE_HOME,
  field: 'twomNoiseRoll',
  description: 'Scavenge: roll for Noise and draw a Residents card on an encounter',
  draws: true,
  input: noiseRollInput,
  result: noiseRollResult,
  run: ({ noise, residentsDeck: residents }, { random, transcript }) => {
    const roll = rollBlack(random, transcript, `Noise (current Noise ${noise})`);
    if (roll > noise) {
      transcript.add(`${roll} is higher than the Noise ${noise}: no encounter`);
      return { roll, encounter: false, noise, residentsDeck: residents };
    }
    transcript.add(`${roll} is equal to or less than the Noise ${noise}: an encounter! The Noise counter goes back to "${NOISE_AFTER_ENCOUNTER}"`);
    const drawn = drawCards(residents, 1, { field: 'residentsDeck', label: 'Residents deck', transcript });
    return { roll, encounter: true, resident: drawn.drawn[0], noise: NOISE_AFTER_ENCOUNTER, residentsDeck: [...drawn.deck] };
  },
});

export type UnknownDeckInput = z.input<typeof unknownDeckInput>;
export type UnknownDeckResult = z.output<typeof unknownDeckResult>;
export type NoiseRollInput = z.input<typeof noiseRollInput>;
export type NoiseRollResult = z.output<typeof noiseRollResult>;
export const prepareUnknownDeck = seededRunner<UnknownDeckInput, UnknownDeckResult>(twomUnknownDeckProcedure);
export const rollForNoise = seededRunner<NoiseRollInput, NoiseRollResult>(twomNoiseRollProcedure);
