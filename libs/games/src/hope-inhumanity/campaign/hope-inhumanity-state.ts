import { z } from 'zod';
import { named } from '@scriptbook/schema';
import * as hopeInhumanity from '../rules';
import { nonNegative, notesSchema, stateRecord } from '@scriptbook/campaign-model';

/** Seed 003: "5 rounds"; the engine holds the number. */
export const HOPE_ROUNDS = hopeInhumanity.ROUNDS;

export const hopeInhumanityStateSchema = named(
  'CampaignHopeInhumanityState',
  z
    .object({
      players: stateRecord(
          named(
            'CampaignHopePlayer',
            z.object({ humanity: nonNegative('Their Humanity dice; never below 0.') }).describe('A player and their Humanity dice.'),
          ),
        )
        .describe('Players by name. The rulebook (003) gives no player count, so any number is accepted.'),
      hopePool: nonNegative('Dice in the shared Hope pool; never below 0.'),
      conditions: z.array(z.string()).describe('Conditions in play, by their card’s content id (`hope-inhumanity:card-type:hunger`).'),
      round: z.number().int().min(1).max(HOPE_ROUNDS).describe(`The current round, 1 to ${HOPE_ROUNDS}.`),
      notes: notesSchema,
    })
    .strict()
    .describe('A Hope Inhumanity game.'),
);

export type HopeInhumanityState = z.output<typeof hopeInhumanityStateSchema>;

export const emptyHopeInhumanityState = (): HopeInhumanityState => ({ players: {}, hopePool: 0, conditions: [], round: 1, notes: [] });
