import { GameProcedure } from '../twom/game-procedure';
import { alarmRoll, fleeCombat, hideTest, noiseTest, rollStartingSpaces, setupTacticsMap, unmarkEnemies } from './tactics';
import { TWOM_TACTICS_GAME_ID } from './twom-tactics.rules-data';

export * from './prowess';
export * from './tactics';
export * from './twom-tactics.rules-data';

const g = TWOM_TACTICS_GAME_ID;

export const twomTacticsProcedures: readonly GameProcedure[] = [
  { id: 'twom-tactics.map-setup', gameId: g, description: 'Tactics Map side from the Location size, and Tactics tokens', run: setupTacticsMap },
  { id: 'twom-tactics.starting-spaces', gameId: g, description: "A Black-die roll per Character for its starting space", run: rollStartingSpaces },
  { id: 'twom-tactics.hide-test', gameId: g, description: 'Hide test: Action modifier + blue number against the Black die, with Prowess rerolls', run: hideTest },
  { id: 'twom-tactics.noise-test', gameId: g, description: 'Noise test: Action modifier + red number against the Black die, with Prowess rerolls', run: noiseTest },
  { id: 'twom-tactics.unmark-enemies', gameId: g, description: 'Start of turn: 1-3 unmarks each marked Enemy', run: unmarkEnemies },
  { id: 'twom-tactics.alarm-roll', gameId: g, description: 'Firearm used: 1-5 activates the Alarm card', run: alarmRoll },
  { id: 'twom-tactics.flee', gameId: g, description: 'Fleeing from Combat: Backstab, move 3 spaces, Alarm, end of turn', run: fleeCombat },
];
