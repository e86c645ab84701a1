import { RollableDie } from './dice/die';
import { AnyProcedureDescriptor } from './procedure-descriptor';

/**
 * What a game folder gives the engine's registry: its procedures, and one
 * worked input per procedure id, valid as a caller sends it (to the engine or
 * to the rules subgraph), so every test that runs "each procedure" runs it.
 */
export interface GameRules {
  readonly procedures: readonly AnyProcedureDescriptor[];
  readonly examples: Readonly<Record<string, unknown>>;
  /** The game's numbered dice a player may roll with the dice roller every game shares. */
  readonly dice?: readonly RollableDie[];
}
