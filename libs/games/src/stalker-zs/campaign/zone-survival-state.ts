import { z } from 'zod';
import { named } from '@scriptbook/schema';
import { deckRngStateSchema, nonNegative, notesSchema } from '@scriptbook/campaign-model';

export const zoneSurvivalStateSchema = named(
  'CampaignZoneSurvivalState',
  z
    .object({
      scenarioId: z
        .string()
        .nullable()
        .describe('The Scenario in play (e.g. `stalker-zs:scenario:boss-hunt`); null before one is set up or started.'),
      mapId: z.string().nullable().describe('The content id of the Map it is played on (`stalker-zs:map:1`); null until `start-scenario` names it (the setup procedure does not draw the Map).'),
      stalkers: z.array(z.string()).describe('The Stalkers in play, in the order they were named; empty until `start-scenario`, which starts the game.'),
      stalkerCount: z
        .number()
        .int()
        .optional()
        .describe('The Stalker count the setup was run for; `start-scenario` must then name that many Stalkers. Absent when the game was not set up at creation.'),
      setupCards: z
        .array(z.string().nullable().describe('A Setup card id (or name, when recorded by hand); null where the draw fell on a card the rulebook does not print.'))
        .describe('The Setup cards drawn for this game, in slot order.'),
      eventDeck: z
        .object({
          size: z.number().int().describe('Cards in the Event deck, which is also the number of Rounds.'),
          cards: z
            .array(z.string().describe('An Event card id.'))
            .nullable()
            .describe('The cards as the setup shuffled them, top first; null when the content does not hold the whole Event deck, so the table draws its own.'),
        })
        .nullable()
        .optional()
        .describe('Step 7’s Event deck; null where the Scenario prints no size (see `setupGaps`), absent when the game was not set up at creation.'),
      rngState: deckRngStateSchema.optional().describe('Where the campaign’s random stream stands after the setup; absent when the game was not set up at creation.'),
      setupChecks: z
        .array(z.string().describe('One check or step.'))
        .optional()
        .describe('Steps of the setup the table must carry out or judge itself, as the setup listed them.'),
      setupGaps: z
        .array(
          named(
            'CampaignZoneSurvivalSetupGap',
            z
              .object({
                field: z.string().describe('What is missing, as the setup names it (`eventDeck`, `setupDeck`, ...).'),
                note: z.string().describe('Why: what the rulebook says or leaves out.'),
              })
              .describe('Something the rulebook does not give for this setup.'),
          ),
        )
        .optional()
        .describe('What the rulebook does not give for this setup; unknown, never a stand-in value.'),
      round: nonNegative('The current Round; 0 before the first.'),
      collectedValue: nonNegative('Value the team has collected, in K; never below 0.'),
      requests: z.array(z.string()).describe('Requests taken and not yet fulfilled, by their Setup card’s content id.'),
      requestsFulfilled: z.array(z.string()).describe('Requests fulfilled, in order.'),
      finished: z.boolean().describe('Whether the game has ended.'),
      notes: notesSchema,
    })
    .strict()
    .describe('A S.T.A.L.K.E.R. Zone Survival game in progress.'),
);

export type ZoneSurvivalState = z.output<typeof zoneSurvivalStateSchema>;

export const emptyZoneSurvivalState = (): ZoneSurvivalState => ({
  scenarioId: null,
  mapId: null,
  stalkers: [],
  setupCards: [],
  round: 0,
  collectedValue: 0,
  requests: [],
  requestsFulfilled: [],
  finished: false,
  notes: [],
});
