import { sharedRules } from './dice/roll-dice.procedure';
import { GameRules } from './game-rules';
import { hopeInhumanityRules } from './games/hope-inhumanity';
import { zoneSurvivalRules } from './games/stalker-zs';
import { twomRules } from './games/twom';
import { twomTacticsRules } from './games/twom-tactics';
import { twomTalesRules } from './games/twom-tales';
import { AnyProcedureDescriptor } from './procedure-descriptor';

/**
 * Every game the engine knows, in catalog order. A game adds its entry here,
 * one line; the rules subgraph, its catalog, replay and the tests that run
 * every procedure follow from it.
 */
export const GAME_RULES: readonly GameRules[] = [sharedRules, twomRules, twomTalesRules, twomTacticsRules, hopeInhumanityRules, zoneSurvivalRules];

/** Every procedure the engine offers, in catalog order. */
export const PROCEDURES: readonly AnyProcedureDescriptor[] = GAME_RULES.flatMap((game) => game.procedures);

/** One worked input per procedure id. */
export const WORKED_EXAMPLES: Readonly<Record<string, unknown>> = Object.assign({}, ...GAME_RULES.map((game) => game.examples));
