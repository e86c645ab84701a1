import { Resolution } from './transcript';

/**
 * How a game folder lists its procedures for the catalog: a stable id, the
 * game it belongs to, a sentence for humans and the function itself.
 */
export interface GameProcedure<I = any, R = unknown> {
  readonly id: string;
  readonly gameId: string;
  readonly description: string;
  readonly run: (input: I, seed: string) => Resolution<R>;
}
