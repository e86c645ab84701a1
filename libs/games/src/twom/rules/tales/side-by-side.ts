import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { plain, uniqueNames } from '@scriptbook/rules-engine';
import { onTrack, trackEndsInputSchema, trackStateSchema } from './tracks';
import { NEEDS_DAWN_RAISE, TRACK_IDS, TALES_HOME } from './twom-tales.rules-data';

const neighbourInput = z
  .object({
    name: plain(z.string().min(1)).describe("The Neighbor's name as on their card; unique within the list."),
    needs: z.number().int().describe("Where this Neighbor's NEEDS token stands on their Needs track."),
    needsTrack: trackEndsInputSchema
      .optional()
      .describe("This Neighbor's Needs track ends, if the table reads them off the Side By Side Scenario sheet; rulebook 000 prints none."),
  })
  .describe('One Neighbor and their Needs.');

const neighbourResult = z
  .object({
    name: z.string().describe("The Neighbor's name, as given."),
    needs: z.number().int().describe('Their Needs afterwards.'),
    needsTrack: trackStateSchema,
  })
  .describe('One Neighbor after the Dawn Phase card.');

/** Side By Side Dawn Phase card. The Needs tracks' ends are on the Scenario sheet, not in the seed. */
export const sideBySideDawnProcedure = defineProcedure({
  id: 'twom-tales.side-by-side-dawn',
  ...TALES_HOME,
  field: 'talesSideBySideDawn',
  description: "Side By Side Dawn Phase card: Neighbours' Needs and Vladimir",
  input: z
    .object({
      neighbours: z.array(neighbourInput).min(1).superRefine(uniqueNames).describe('Every Neighbor still in the game, each name once.'),
      vladimirRedSide: z.boolean().describe("Whether Vladimir's card lies with its red side face-up."),
    })
    .describe("The Neighbors' Needs and Vladimir's card at the beginning of the Dawn phase."),
  result: z
    .object({
      neighbours: z.array(neighbourResult).describe('Every Neighbor given, in input order, Needs raised by 1.'),
      vladimirToken: describedEnum('TalesVladimirToken', {
        'visit-the-neighbours': "The Visit the Neighbors action space on the Scenario sheet: Vladimir's card is red side up.",
        'vladimir-card': "Vladimir's own card: his card is not red side up.",
      }).describe('Where the Vladimir token goes at Dawn.'),
    })
    .describe('The Side By Side Dawn Phase card resolved.'),
  draws: false,
  run: ({ neighbours, vladimirRedSide }, { transcript }) => {
    const after = neighbours.map((n, i) => {
      const token = onTrack(n.needs, n.needsTrack, 'Needs track', `neighbours[${i}].needs`, TRACK_IDS.needs);
      token.move(NEEDS_DAWN_RAISE);
      return { name: n.name, needs: token.value, needsTrack: token.state() };
    });
    const stopped = after.filter((n) => n.needsTrack.stoppedAtEnd).map((n) => n.name);
    transcript.add(
      `Raised the Needs of all Neighbours by ${NEEDS_DAWN_RAISE}: ${after.map((n) => `${n.name} ${n.needs}`).join(', ')}${stopped.length ? ` (${stopped.join(', ')} at the top of the track)` : ''}`,
    );
    transcript.add(
      vladimirRedSide
        ? "Vladimir's card is red side up: move the Vladimir token to the Visit the Neighbors action space"
        : "Vladimir's card is not red side up: the Vladimir token stays on his card",
    );
    return { neighbours: after, vladimirToken: vladimirRedSide ? ('visit-the-neighbours' as const) : ('vladimir-card' as const) };
  },
});
