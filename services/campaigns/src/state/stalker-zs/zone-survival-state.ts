import { z } from 'zod';
import { named } from '@scriptbook/platform/graphql/zod';
import { nonNegative, notesSchema } from '../shared-state';

export const zoneSurvivalStateSchema = named(
  'CampaignZoneSurvivalState',
  z
    .object({
      scenarioId: z.string().nullable().describe('The Scenario in play (e.g. `stalker-zs:scenario:boss-hunt`); null before one starts.'),
      mapId: z.string().nullable().describe('The Map it is played on; null before one starts.'),
      stalkers: z.array(z.string()).describe('The Stalkers in play, in the order they were named.'),
      setupCards: z.array(z.string()).describe('The Setup cards drawn for this game, in slot order.'),
      round: nonNegative('The current Round; 0 before the first.'),
      collectedValue: nonNegative('Value the team has collected, in K; never below 0.'),
      requests: z.array(z.string()).describe('Requests taken and not yet fulfilled.'),
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
