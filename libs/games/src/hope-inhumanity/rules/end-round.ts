import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { count, seededRunner } from '@scriptbook/rules-engine';
import { HOPE_DICE_PER_ROUND, HOPE_INHUMANITY_GAME_ID, ROUNDS } from './hope-inhumanity.rules-data';

const input = z
  .object({
    round: z.number().int().min(1).max(ROUNDS).describe(`The round that just ended, 1 to ${ROUNDS}.`),
    hopePool: count('Dice in the Hope pool now.'),
  })
  .strict()
  .describe('The round that ended and the Hope pool.');

const result = z
  .object({
    gameOver: z.boolean().describe(`True after round ${ROUNDS}: the game ends.`),
    round: z.number().int().min(1).describe('The round now (unchanged when the game is over).'),
    hopePool: count('Dice in the Hope pool now.'),
  })
  .describe('The next round, or the end of the game.');

/** "Begin a new round by adding a single die to the Hope dice pool and advancing the round counter by one." */
export const hopeEndRoundProcedure = defineProcedure({
  id: 'hope-inhumanity.end-round',
  gameId: HOPE_INHUMANITY_GAME_ID,
  field: 'hopeEndRound',
  description: 'End of round: +1 Hope die and the next round, or the end after round 5',
  draws: false,
  input,
  result,
  run: ({ round, hopePool }, { transcript }) => {
    if (round === ROUNDS) {
      transcript.add(`Round ${round} of ${ROUNDS} is over: the game ends`);
      return { gameOver: true, round, hopePool };
    }
    transcript.add(`Round ${round} is over. Round ${round + 1} begins: +${HOPE_DICE_PER_ROUND} Hope die (pool ${hopePool} → ${hopePool + HOPE_DICE_PER_ROUND})`);
    return { gameOver: false, round: round + 1, hopePool: hopePool + HOPE_DICE_PER_ROUND };
  },
});

export type EndRoundInput = z.input<typeof input>;
export type EndRoundResult = z.output<typeof result>;
export const endRound = seededRunner<EndRoundInput, EndRoundResult>(hopeEndRoundProcedure);
