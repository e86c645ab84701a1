import type { CampaignModel } from '@scriptbook/campaign-model';
import type { AnyContentKindDescriptor } from '@scriptbook/content/kinds/descriptor';
import type { AnyProcedureDescriptor, GameRules } from '@scriptbook/rules-engine';
import type { GameScoring } from './game-scoring';

/** A box or mode of a game (the core game, an expansion, a play mode) as the content names it. */
export interface GameModuleDescriptor {
  /** The module's content id, `<game id>:module:<name>` (as the game's pack names its module item). */
  readonly id: string;
  /** The content pack that holds the module's items (a folder of `libs/content/packs`). */
  readonly packId: string;
}

/**
 * One game system, described once: everything the platform serves of it
 * follows from this object (content kinds, rules procedures, the campaign
 * model and its setups, scoring rules), so no service and no client names a
 * game. Pure code: a browser bundle imports it as the server does.
 */
export interface GameDescriptor {
  /** The content's game id, the one id the API uses for the game everywhere (its folder under `libs/games/src` has the same name). */
  readonly id: string;
  /** The game's content: the packs that hold its items (modules' packs included) and the kinds of item that are the game's own. */
  readonly content: {
    /** Folders of `libs/content/packs`, each a pack of this game's items. */
    readonly packs: readonly string[];
    /** Kinds every game shares (`rule-section`, `die`, …) are not listed: they are the content library's. */
    readonly kinds: readonly AnyContentKindDescriptor[];
  };
  /** The game's modules, in the order the content lists them; empty for a game the content does not divide. */
  readonly modules: readonly GameModuleDescriptor[];
  /**
   * Its rules procedures, modules' included, in catalog order, with a worked
   * input for each and the dice it offers the shared dice roller. Each
   * procedure names this game's id and, when the game has modules, one of them.
   */
  readonly rules: GameRules;
  /** How a campaign of the game is kept, where the platform keeps its campaigns. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly campaign?: CampaignModel<any>;
  /** How its finished plays are scored and ranked, where the platform keeps scores and leaderboards. */
  readonly scoring?: GameScoring;
}

/** Declares a game; the identity function that keeps the descriptor's types attached. */
export function defineGame<const G extends GameDescriptor>(game: G): G {
  return game;
}

/** Several modules' rules as one game's: their procedures in order, their worked inputs and their dice together. */
export function combinedRules(...parts: readonly GameRules[]): GameRules {
  const procedures: AnyProcedureDescriptor[] = parts.flatMap((part) => [...part.procedures]);
  return { procedures, examples: Object.assign({}, ...parts.map((part) => part.examples)), dice: parts.flatMap((part) => part.dice ?? []) };
}
