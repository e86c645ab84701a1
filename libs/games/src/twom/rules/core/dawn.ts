import { z } from 'zod';
import { drawCards, shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { defineProcedure } from '@scriptbook/rules-engine';
import { nameText, refuse, seededRunner, uniqueStrings } from '@scriptbook/rules-engine';
import { cardNames } from './twom.schemas';
import { FATE_CARDS_AT_DAWN, NARRATIVE_ACTION_CARDS_AT_DAWN, TWOM_CORE_HOME } from './twom.rules-data';

/** What seed 001's Dawn leaves to the table, served with every draw so no one mistakes it for a resolved rule. */
export const DAWN_GAPS: readonly string[] = [
  'Seed 001 prints no Fate card: the table reads the drawn card and resolves it, ignoring the bottom part of the die.',
  'If the Fate card says to swap a Location: remove it, slide the remaining ones, and draw a new Location for the "Far Away" space (the card texts are not in the seed, so this is not resolved here).',
  'Alcohol can be used before or after resolving the Fate card.',
];

const shuffleFirst = z
  .boolean()
  .optional()
  .describe('Shuffle the deck before drawing (the default): a companion cannot know a physical deck\'s order. Pass false for a deck a previous resolution returned, top first.');

const drawsInput = z
  .object({
    fateDeck: cardNames('The Fate deck, at least 1 card.').min(FATE_CARDS_AT_DAWN),
    narrativeActionDeck: cardNames(`The Narrative Action deck, at least ${NARRATIVE_ACTION_CARDS_AT_DAWN} cards.`).min(NARRATIVE_ACTION_CARDS_AT_DAWN),
    shuffleFirst,
  })
  .strict()
  .describe('The Fate and Narrative Action decks at Dawn.');

const drawsResult = z
  .object({
    fateCard: z.string().describe('The Fate card drawn; the table resolves it (see gaps).'),
    fateDeck: z.array(z.string()).describe('The Fate deck left, top first.'),
    narrativeOptions: z
      .array(z.string())
      .describe(`The ${NARRATIVE_ACTION_CARDS_AT_DAWN} Narrative Action cards drawn: read them, choose one, and shuffle the other back (twomNarrativeActionChoice).`),
    narrativeActionDeck: z.array(z.string()).describe('The Narrative Action deck left, top first, without the two drawn.'),
    gaps: z.array(z.string()).describe('What rulebook 001 leaves to the table at this step, in words to show it.'),
  })
  .describe('The Dawn draws: 1 Fate card and 2 Narrative Action cards to choose from.');

/**
 * 001 Dawn: "Draw a Fate Card: Draw and resolve 1 Fate Card (ignore the
 * bottom part of the die)." and "Narrative Action Card: Draw 2 Narrative
 * Action cards, read them, choose one, and shuffle the other back".
 */
export const twomDawnDrawsProcedure = defineProcedure({
  id: 'twom.dawn-draws',
  ...TWOM_CORE_HOME,
  field: 'twomDawnDraws',
  description: 'Dawn: draw 1 Fate card and 2 Narrative Action cards to choose from',
  draws: true,
  input: drawsInput,
  result: drawsResult,
  run: ({ fateDeck, narrativeActionDeck, shuffleFirst: shuffle = true }, { random, transcript }) => {
    const fates = shuffle ? shuffleDeck(fateDeck, random, { label: 'Fate deck', transcript }) : fateDeck;
    const fate = drawCards(fates, FATE_CARDS_AT_DAWN, { field: 'fateDeck', label: 'Fate deck', transcript });
    transcript.add(`Resolve the Fate card "${fate.drawn[0]}", ignoring the bottom part of the die`);
    const actions = shuffle ? shuffleDeck(narrativeActionDeck, random, { label: 'Narrative Action deck', transcript }) : narrativeActionDeck;
    const options = drawCards(actions, NARRATIVE_ACTION_CARDS_AT_DAWN, { field: 'narrativeActionDeck', label: 'Narrative Action deck', transcript });
    transcript.add(`Read ${options.drawn.join(' and ')}, choose one, and shuffle the other back into the deck`);
    return {
      fateCard: fate.drawn[0],
      fateDeck: [...fate.deck],
      narrativeOptions: [...options.drawn],
      narrativeActionDeck: [...options.deck],
      gaps: [...DAWN_GAPS],
    };
  },
});

const choiceInput = z
  .object({
    options: z
      .array(nameText('A Narrative Action card drawn at Dawn.'))
      .length(NARRATIVE_ACTION_CARDS_AT_DAWN)
      .superRefine(uniqueStrings)
      .describe(`The ${NARRATIVE_ACTION_CARDS_AT_DAWN} Narrative Action cards drawn (twomDawnDraws' narrativeOptions).`),
    chosen: nameText('The card the players keep; one of `options`.'),
    narrativeActionDeck: cardNames('The Narrative Action deck without the two drawn; the other card is shuffled back into it.'),
  })
  .strict()
  .describe('The two Narrative Action cards, the one chosen, and the deck.');

const choiceResult = z
  .object({
    chosen: z.string().describe('The Narrative Action card kept.'),
    returned: z.string().describe('The card shuffled back into the deck.'),
    narrativeActionDeck: z.array(z.string()).describe('The Narrative Action deck after shuffling the other card back, top first.'),
  })
  .describe('The card kept and the deck with the other shuffled back.');

/** 001 Dawn: "... choose one, and shuffle the other back into the deck." */
export const twomNarrativeActionChoiceProcedure = defineProcedure({
  id: 'twom.narrative-action-choice',
  ...TWOM_CORE_HOME,
  field: 'twomNarrativeActionChoice',
  description: 'Dawn: keep the chosen Narrative Action card and shuffle the other back into the deck',
  draws: true,
  input: choiceInput,
  result: choiceResult,
  run: ({ options, chosen, narrativeActionDeck }, { random, transcript }) => {
    if (!options.includes(chosen)) refuse('chosen', 'one-of', `chosen "${chosen}" is not one of the drawn cards`);
    const returned = options.find((card) => card !== chosen)!;
    transcript.add(`Keep ${chosen}; ${returned} goes back into the Narrative Action deck`);
    const deck = shuffleDeck([...narrativeActionDeck, returned], random, { label: 'Narrative Action deck', transcript });
    return { chosen, returned, narrativeActionDeck: [...deck] };
  },
});

export type DawnDrawsInput = z.input<typeof drawsInput>;
export type DawnDrawsResult = z.output<typeof drawsResult>;
export const dawnDraws = seededRunner<DawnDrawsInput, DawnDrawsResult>(twomDawnDrawsProcedure);
export const narrativeActionChoice = seededRunner<z.input<typeof choiceInput>, z.output<typeof choiceResult>>(twomNarrativeActionChoiceProcedure);
