import { resolve } from '../../procedure';
import { Resolution } from '../../transcript';
import { requireInt } from '../twom/validate';
import { HOPE_DICE_PER_ROUND, ROUNDS } from './hope-inhumanity.rules-data';

export interface EndRoundInput {
  readonly round: number;
  readonly hopePool: number;
}

export interface EndRoundResult {
  readonly gameOver: boolean;
  readonly round: number;
  readonly hopePool: number;
}

/** "Begin a new round by adding a single die to the Hope dice pool and advancing the round counter by one." */
export function endRound(input: EndRoundInput, seed: string): Resolution<EndRoundResult> {
  const round = requireInt(input?.round, 'round', { min: 1, max: ROUNDS });
  const hopePool = requireInt(input.hopePool, 'hopePool', { min: 0 });
  return resolve(seed, (_random, transcript) => {
    if (round === ROUNDS) {
      transcript.add(`Round ${round} of ${ROUNDS} is over: the game ends`);
      return { gameOver: true, round, hopePool };
    }
    transcript.add(
      `Round ${round} is over. Round ${round + 1} begins: +${HOPE_DICE_PER_ROUND} Hope die (pool ${hopePool} → ${hopePool + HOPE_DICE_PER_ROUND})`,
    );
    return { gameOver: false, round: round + 1, hopePool: hopePool + HOPE_DICE_PER_ROUND };
  });
}
