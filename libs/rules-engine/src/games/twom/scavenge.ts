import { drawCards, shuffleDeck } from '../../deck/deck';
import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollBlack } from './black-die';
import { MAX_SCAVENGERS, NOISE_AFTER_ENCOUNTER, NOISE_START, UNKNOWN_DECK_SIZES } from './twom.rules-data';
import { requireInt, requireStringList } from './validate';

export interface UnknownDeckInput {
  /** The number printed on the chosen Location: 10, 12 or 14. */
  readonly locationCards: number;
  /** The Exploration deck. It is shuffled, as it is after every Scavenging. */
  readonly explorationDeck: readonly string[];
  readonly scavengers: number;
}

export interface UnknownDeckResult {
  /** The Unknown deck, top first; resolve it one by one. */
  readonly unknown: readonly string[];
  readonly explorationDeck: readonly string[];
  readonly noise: number;
}

/** Scavenge "Adjust the Noise Token" and "Prepare Unknown Deck". */
export function prepareUnknownDeck(input: UnknownDeckInput, seed: string): Resolution<UnknownDeckResult> {
  const size = requireInt(input?.locationCards, 'locationCards', { min: 1 });
  if (!UNKNOWN_DECK_SIZES.includes(size)) {
    throw new RuleInputError('locationCards', 'one-of', `locationCards must be one of ${UNKNOWN_DECK_SIZES.join(', ')}`);
  }
  requireInt(input.scavengers, 'scavengers', { min: 1, max: MAX_SCAVENGERS });
  const deck = requireStringList(input.explorationDeck, 'explorationDeck');
  if (deck.length < size) {
    throw new RuleInputError('explorationDeck', 'too-small', `explorationDeck must hold at least ${size} cards, got ${deck.length}`);
  }
  return resolve(seed, (random, transcript) => {
    transcript.add(`Placed the Noise token on the "${NOISE_START}" space`);
    const shuffled = shuffleDeck(deck, random, { label: 'Exploration deck', transcript });
    const drawn = drawCards(shuffled, size, { field: 'explorationDeck', label: 'Exploration deck' });
    transcript.add(`Drew ${size} Exploration cards face down into the Unknown space`, { detail: { cards: drawn.drawn } });
    return { unknown: drawn.drawn, explorationDeck: drawn.deck, noise: NOISE_START };
  });
}

export interface NoiseRollInput {
  /** The Noise marker's current space. */
  readonly noise: number;
  /** The Residents deck, top first. */
  readonly residentsDeck: readonly string[];
}

export interface NoiseRollResult {
  readonly roll: number;
  readonly encounter: boolean;
  /** The Residents card drawn on an encounter. */
  readonly resident?: string;
  readonly noise: number;
  readonly residentsDeck: readonly string[];
}

/** "If the game instructs to roll for Noise ... equal to or less than the current Noise, an encounter is activated". */
export function rollForNoise(input: NoiseRollInput, seed: string): Resolution<NoiseRollResult> {
  // The rulebook does not print the top of the Noise marker, so only the floor is checked.
  const noise = requireInt(input?.noise, 'noise', { min: NOISE_START });
  const residents = requireStringList(input.residentsDeck, 'residentsDeck', { min: 1 });
  return resolve(seed, (random, transcript) => {
    const roll = rollBlack(random, transcript, `Noise (current Noise ${noise})`);
    if (roll > noise) {
      transcript.add(`${roll} is higher than the Noise ${noise}: no encounter`);
      return { roll, encounter: false, noise, residentsDeck: residents };
    }
    transcript.add(`${roll} is equal to or less than the Noise ${noise}: an encounter! The Noise counter goes back to "${NOISE_AFTER_ENCOUNTER}"`);
    const drawn = drawCards(residents, 1, { field: 'residentsDeck', label: 'Residents deck', transcript });
    return { roll, encounter: true, resident: drawn.drawn[0], noise: NOISE_AFTER_ENCOUNTER, residentsDeck: drawn.deck };
  });
}
