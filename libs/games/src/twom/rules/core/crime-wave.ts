import { z } from 'zod';
import { shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { inferable, inferred, printed } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { plain, refuse, seededRunner, uniqueStrings } from '@scriptbook/rules-engine';
import { cardNames } from './twom.schemas';
import { CRIME_WAVE_CARDS, TWOM_CORE_HOME } from './twom.rules-data';

const FEWER_REASONING =
  'Seed 001 says to shuffle 2 of the separated red-cornered cards back "if there are still" some, but not what to do when only 1 is left; ' +
  'the one left is shuffled back, as the nearest reading of "2 of them (in any combination)".';

const crimeWaveDeck = describedEnum('TwomCrimeWaveDeck', {
  'night-raids': 'The Night Raids deck.',
  residents: 'The Residents deck.',
}).describe('Which deck a red-cornered card belongs to.');

const input = z
  .object({
    separatedNightRaids: z
      .array(plain(z.string().min(1)).describe('A red-cornered Night Raid card.'))
      .superRefine(uniqueStrings)
      .describe('Red-cornered Night Raid cards still separated since setup.'),
    separatedResidents: z
      .array(plain(z.string().min(1)).describe('A red-cornered Residents card.'))
      .superRefine(uniqueStrings)
      .describe('Red-cornered Residents cards still separated since setup.'),
    chosen: z
      .array(plain(z.string().min(1)).describe('A separated card, by name.'))
      .superRefine(uniqueStrings)
      .describe(
        'The separated cards the players pick to shuffle back, "in any combination": exactly 2 while at least 2 are separated, otherwise every one left.',
      ),
    nightRaidsDeck: cardNames('The Night Raids deck now, in any order; it is shuffled if a card goes into it.'),
    residentsDeck: cardNames('The Residents deck now, in any order; it is shuffled if a card goes into it.'),
  })
  .strict()
  .describe('The red-cornered cards still separated, the players\' pick, and the two decks.');

const result = z
  .object({
    shuffledBack: z
      .array(
        named(
          'TwomCrimeWaveCard',
          z.object({ card: z.string().describe('The card shuffled back.'), deck: crimeWaveDeck }).describe('A red-cornered card and the deck it went into.'),
        ),
      )
      .describe('The cards shuffled back, in the order chosen.'),
    count: inferable(
      'TwomCrimeWaveCount',
      z.number().int().min(0).max(CRIME_WAVE_CARDS).describe('How many cards went back.'),
      'How many red-cornered cards went back: 2 as printed, or fewer when fewer were left (inferred, see reasoning).',
    ),
    nightRaidsDeck: z.array(z.string()).describe('The Night Raids deck after Crime Wave, top first (shuffled only if a card went into it).'),
    residentsDeck: z.array(z.string()).describe('The Residents deck after Crime Wave, top first (shuffled only if a card went into it).'),
    separatedNightRaids: z.array(z.string()).describe('Red-cornered Night Raid cards still separated.'),
    separatedResidents: z.array(z.string()).describe('Red-cornered Residents cards still separated.'),
  })
  .describe('The decks after Crime Wave and the red-cornered cards still separated.');

/**
 * 001 Night Raid, Crime Wave: "If there are still red-cornered Night Raid
 * and Residents cards separated during setup, shuffle 2 of them (in any
 * combination) back into their respective decks."
 */
export const twomCrimeWaveProcedure = defineProcedure({
  id: 'twom.crime-wave',
  ...TWOM_CORE_HOME,
  field: 'twomCrimeWave',
  description: 'Crime Wave: shuffle 2 separated red-cornered Night Raid or Residents cards back into their decks',
  draws: true,
  input,
  result,
  run: (wave, { random, transcript }) => {
    const separated = wave.separatedNightRaids.length + wave.separatedResidents.length;
    const wanted = Math.min(CRIME_WAVE_CARDS, separated);
    if (wave.chosen.length !== wanted) {
      refuse('chosen', 'count', `chosen must name exactly ${wanted} of the ${separated} separated red-cornered cards, got ${wave.chosen.length}`);
    }
    const shuffledBack = wave.chosen.map((card, i) => {
      if (wave.separatedNightRaids.includes(card)) return { card, deck: 'night-raids' as const };
      if (wave.separatedResidents.includes(card)) return { card, deck: 'residents' as const };
      return refuse(`chosen[${i}]`, 'unknown-card', `chosen[${i}] "${card}" is not a separated red-cornered card`);
    });
    if (separated === 0) transcript.add('No red-cornered card is left separated: Crime Wave does nothing');
    const into = (deck: 'night-raids' | 'residents', cards: readonly string[], label: string): string[] => {
      const added = shuffledBack.filter((c) => c.deck === deck).map((c) => c.card);
      if (added.length === 0) return [...cards];
      transcript.add(`Crime Wave: ${added.join(' and ')} ${added.length > 1 ? 'go' : 'goes'} back into the ${label}`);
      return [...shuffleDeck([...cards, ...added], random, { label, transcript })];
    };
    const nightRaidsDeck = into('night-raids', wave.nightRaidsDeck, 'Night Raids deck');
    const residentsDeck = into('residents', wave.residentsDeck, 'Residents deck');
    const count = wanted === CRIME_WAVE_CARDS || separated === 0 ? printed(wanted) : inferred(wanted, FEWER_REASONING);
    if (count.inferred) transcript.add(`Only ${wanted} red-cornered card was left, so it alone goes back`, { inference: { reasoning: FEWER_REASONING } });
    const chosen = new Set(wave.chosen);
    return {
      shuffledBack,
      count,
      nightRaidsDeck,
      residentsDeck,
      separatedNightRaids: wave.separatedNightRaids.filter((c) => !chosen.has(c)),
      separatedResidents: wave.separatedResidents.filter((c) => !chosen.has(c)),
    };
  },
});

export type CrimeWaveInput = z.input<typeof input>;
export type CrimeWaveResult = z.output<typeof result>;
export const crimeWave = seededRunner<CrimeWaveInput, CrimeWaveResult>(twomCrimeWaveProcedure);
