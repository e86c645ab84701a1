import { GameProcedure } from '../twom/game-procedure';
import { zoneSurvivalFateTriggers } from './zs.fate-triggers';
import { ZS_GAME_ID } from './zs.rules-data';
import { zoneSurvivalScenarioRandomizer } from './zs.scenario-randomizer';
import { zoneSurvivalScore } from './zs.score';
import { zoneSurvivalScriptStep } from './zs.script-step';
import { zoneSurvivalSetup } from './zs.setup';

export * from './zs.fate-triggers';
export * from './zs.from-content';
export * from './zs.plan';
export * from './zs.prepare';
export * from './zs.rules-data';
export * from './zs.scenario-randomizer';
export * from './zs.score';
export * from './zs.script-step';
export * from './zs.setup';
export * from './zs.setup-cards';
export * from './zs.types';

const g = ZS_GAME_ID;

export const zoneSurvivalProcedures: readonly GameProcedure[] = [
  { id: 'stalker-zs.scenario-randomizer', gameId: g, description: 'Step 0 and Step 1: choose or randomize the Scenario (1-10) and the Map (1-10)', run: zoneSurvivalScenarioRandomizer },
  { id: 'stalker-zs.setup', gameId: g, description: 'Setup of a Scenario: Special cards, 4 Setup cards with no repeated tag, Unknown tokens, Enemies by Stalker count, Loot, Event deck', run: zoneSurvivalSetup },
  { id: 'stalker-zs.fate-triggers', gameId: g, description: 'Fate Triggers step: one roll of the Zone Survival die and the effects of the face-up cards that fire', run: zoneSurvivalFateTriggers },
  { id: 'stalker-zs.script-step', gameId: g, description: 'Scriptbook: from a script and a die face or a choice to the next script', run: zoneSurvivalScriptStep },
  { id: 'stalker-zs.score', gameId: g, description: 'End of the game: victory check and score (20, +1 per minus icon, −1 per plus icon, Gather Supplies bonus)', run: zoneSurvivalScore },
];
