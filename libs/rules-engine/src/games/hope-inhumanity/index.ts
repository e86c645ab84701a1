import { GameProcedure } from '../twom/game-procedure';
import { endRound } from './end-round';
import { HOPE_INHUMANITY_GAME_ID } from './hope-inhumanity.rules-data';
import { resolveScene } from './scene';
import { hopeSetup } from './setup';

export * from './end-round';
export * from './hope-inhumanity.rules-data';
export * from './scene';
export * from './setup';

const g = HOPE_INHUMANITY_GAME_ID;

export const hopeInhumanityProcedures: readonly GameProcedure[] = [
  { id: 'hope-inhumanity.setup', gameId: g, description: 'Setup: Humanity dice per player, the Hope pool and shuffled Scene mini-decks', run: hopeSetup },
  { id: 'hope-inhumanity.scene', gameId: g, description: 'A Scene: commit Humanity, support, Last Hope, Hope dice, roll against total hardship; Refuse / Succeed / Fail', run: resolveScene },
  { id: 'hope-inhumanity.end-round', gameId: g, description: 'End of round: +1 Hope die and the next round, or the end after round 5', run: endRound },
];
