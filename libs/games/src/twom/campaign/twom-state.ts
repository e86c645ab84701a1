import { z } from 'zod';
import { describedEnum, named } from '@scriptbook/schema';
import { deckRngStateSchema, nonNegative, notesSchema, stateRecord } from '@scriptbook/campaign-model';

/**
 * Seeds 001 and 000 place level tokens (Hunger level 2, Misery level 2,
 * Illness level 1) and set Hunger or Tiredness "to 0"/"to zero", and speak of
 * "level 2 or 3"; neither prints a highest level. So a level is a whole
 * number from 0 up, and no maximum is enforced: that is a gap, not a rule.
 */
export const LEVEL_RANGE_GAP = 'The rulebooks print no highest level (they mention levels up to 3); only the floor of 0 is enforced.';

export const twomLevelSchema = describedEnum('CampaignTwomLevel', {
  hunger: 'Hunger (rulebooks 001 and 000).',
  misery:
    "Misery, as rulebook 000 prints it. The core rulebook (001) prints no Misery but a Sadness; a core campaign keeps Sadness here too. That is a reading of ours (inferred): no rulebook says the two are one level.",
  wounds: 'Wounds (rulebooks 001 and 000).',
  fatigue:
    "Fatigue, as rulebook 000 prints it. The core rulebook (001) prints no Fatigue but a Tiredness; a core campaign keeps Tiredness here too. That is a reading of ours (inferred): no rulebook says the two are one level.",
  illness: 'Illness (rulebook 000; 001 speaks of the sick).',
}).describe('A Character level.');

export type TwomLevel = z.output<typeof twomLevelSchema>;
export const TWOM_LEVELS: readonly TwomLevel[] = ['hunger', 'misery', 'wounds', 'fatigue', 'illness'];

const level = (name: string) => nonNegative(`${name} level, 0 or more. ${LEVEL_RANGE_GAP}`);

export const twomCharacterSchema = named(
  'CampaignTwomCharacter',
  z
    .object({
      levels: z
        .object({
          hunger: level('Hunger'),
          misery: level('Misery (rulebook 000; a core campaign keeps its Sadness here, a reading of ours: no rulebook says they are one level)'),
          wounds: level('Wounds'),
          fatigue: level('Fatigue (rulebook 000; a core campaign keeps its Tiredness here, a reading of ours: no rulebook says they are one level)'),
          illness: level('Illness'),
        })
        .describe('The Character’s level tokens; 0 where no token lies next to them.'),
      states: z.array(z.string()).describe('State tokens or cards on the Character, as the table names them.'),
    })
    .describe('A Character in the Shelter.'),
);

export const eventCardSchema = named(
  'CampaignTwomEventCard',
  z
    .object({
      name: z.string().describe('The card as printed (Chapter cards as "Chapter II").'),
      kind: z.string().describe('`event`, `final-event`, `chapter` or `token`, as the engine built the deck.'),
    })
    .describe('A card of the Event deck.'),
);

/**
 * A legacy envelope (Tales from the Ruined City, seed 000, "Envelopes") opened
 * for the campaign's group. Only the server adds one, with the `open-envelope`
 * system action, when a member of the group records the win that opens it.
 */
export const openedEnvelopeSchema = named(
  'CampaignTwomOpenedEnvelope',
  z
    .object({
      envelopeId: z.string().describe('The content id of the envelope, e.g. `twom:envelope:c`; `contentItem(id)` gives what the rulebook says about it.'),
      openedAt: z.string().describe('When the group opened it (ISO 8601), the same in every campaign of the group.'),
      byScenarioId: z.string().describe('The content id of the scenario whose win opened it.'),
    })
    .describe('An envelope the group has opened: its legacy components belong to every campaign of the group from then on.'),
);

export const twomStateSchema = named(
  'CampaignTwomState',
  z
    .object({
      characters: stateRecord(twomCharacterSchema).describe('Characters by name.'),
      storage: stateRecord(nonNegative('How many; never below 0.')).describe(
        'Storage, as rulebook 000 prints it: token or resource name → how many. The core rulebook (001) prints a Stockpile instead; a core campaign keeps it here too, a reading of ours (inferred): no rulebook says the two are one.',
      ),
      fittings: z.array(z.string()).describe('Shelter fittings built, in the order they were built.'),
      day: z.number().int().min(1).describe('The current day, from 1.'),
      chapter: z.string().nullable().describe('The last Chapter card drawn from the Event deck (I, II, III); null before the first.'),
      eventDeck: z
        .object({
          cards: z.array(eventCardSchema).describe('Cards still in the deck, top first.'),
          drawn: z.array(eventCardSchema).describe('Cards drawn so far, first drawn first.'),
          rngState: deckRngStateSchema,
        })
        .describe('The Event deck and the random stream it is shuffled from.'),
      scenario: z
        .object({
          id: z.string().describe('The content id of the scenario in play, e.g. `twom:scenario:blood-in-the-snow` (an Incident).'),
          tracks: stateRecord(nonNegative('The track’s position, 0 or more.')).describe('Tracks the scenario uses (Cold, Suspicions, Cover, ...) → position.'),
          markers: stateRecord(z.string().describe('Where it starts, as the Setup prints it.'))
            .optional()
            .describe(
              'Tracks or tokens the Setup places at a named place rather than a number (Blood in the Snow’s Wounded Luka at Heavily Wounded); ' +
                'absent when the scenario has none or was started with `start-scenario`.',
            ),
          deck: z
            .object({
              name: z.string().describe('The deck, as the Setup names it (the Epidemic deck).'),
              cards: z.array(z.string()).describe('Its cards as the Setup shuffled them, top first.'),
            })
            .optional()
            .describe('A Scenario deck the Setup shuffled from the campaign’s stream; absent when the scenario has none.'),
          setupNotes: z
            .array(z.string())
            .optional()
            .describe('The Setup’s other changes, as printed, for the players to carry out; absent when the scenario was started with `start-scenario`.'),
        })
        .nullable()
        .describe('The scenario in play; null between scenarios.'),
      modules: z.array(z.string()).describe('Modules in use (the Cat, Farmers and Market, Sewers, ...).'),
      scriptsRead: z.array(z.string()).describe('Script numbers or names read, in the order they were read.'),
      notes: notesSchema,
      scenariosPlayed: z.array(z.string()).describe('Scenarios (such as the Incident scenarios) finished, in order.'),
      scenariosWon: z.array(z.string()).describe('The scenarios of `scenariosPlayed` that were won.'),
      envelopesOpened: z
        .array(openedEnvelopeSchema)
        .default([])
        .describe('Legacy envelopes the group has opened, in the order they were opened; null only for a campaign not changed since envelopes existed, which holds none.'),
    })
    .strict()
    .describe('A This War of Mine campaign (core game and Tales from the Ruined City).'),
);

export type TwomState = z.output<typeof twomStateSchema>;

export const newTwomCharacter = (): z.output<typeof twomCharacterSchema> => ({
  levels: { hunger: 0, misery: 0, wounds: 0, fatigue: 0, illness: 0 },
  states: [],
});

export function emptyTwomState(rngState: z.output<typeof deckRngStateSchema>): TwomState {
  return {
    characters: {},
    storage: {},
    fittings: [],
    day: 1,
    chapter: null,
    eventDeck: { cards: [], drawn: [], rngState },
    scenario: null,
    modules: [],
    scriptsRead: [],
    notes: [],
    scenariosPlayed: [],
    scenariosWon: [],
    envelopesOpened: [],
  };
}
