import type { CampaignModel } from '@scriptbook/campaign-model';
import type { AnyContentKindDescriptor } from '@scriptbook/content/kinds/descriptor';
import { ContentKindRegistry } from '@scriptbook/content/kinds/registry';
import { sharedContentKinds } from '@scriptbook/content/schema/shared-kinds';
import { SHARED_GAME_ID, sharedRulesFor } from '@scriptbook/rules-engine';
import type { AnyProcedureDescriptor, GameRules } from '@scriptbook/rules-engine';
import type { GameDescriptor } from './game-descriptor';
import type { GameScoring } from './game-scoring';

/**
 * Everything the platform derives from a list of games, said once: their
 * content kinds beside the shared ones, their procedures beside the shared
 * dice roller, their campaign models. Services are built from a catalog, so
 * they serve whatever games it holds: the release's, or a test's own.
 */
export class GameCatalog {
  /** Every kind of content item: those every game shares, then each game's own. */
  readonly contentKinds: ContentKindRegistry;
  /** The rules every game shares (the dice roller, offering the games' dice), then each game's, in catalog order. */
  readonly rules: readonly GameRules[];
  /** Every procedure, in catalog order. */
  readonly procedures: readonly AnyProcedureDescriptor[];
  /** One worked input per procedure id. */
  readonly workedExamples: Readonly<Record<string, unknown>>;
  private readonly byId: ReadonlyMap<string, GameDescriptor>;
  private readonly proceduresById: ReadonlyMap<string, AnyProcedureDescriptor>;

  constructor(readonly games: readonly GameDescriptor[]) {
    const ids = new Set<string>();
    for (const game of games) {
      if (ids.has(game.id)) throw new Error(`two games have the id ${game.id}`);
      if (game.id === SHARED_GAME_ID) throw new Error(`no game may have the id ${SHARED_GAME_ID}: it stands for the procedures every game shares`);
      ids.add(game.id);
    }
    this.byId = new Map(games.map((game) => [game.id, game]));
    this.contentKinds = new ContentKindRegistry([...sharedContentKinds, ...games.flatMap((game): readonly AnyContentKindDescriptor[] => game.content.kinds)]);
    for (const game of games) checkProcedureHomes(game);
    this.rules = [sharedRulesFor(games.flatMap((game) => game.rules.dice ?? [])), ...games.map((game) => game.rules)];
    this.procedures = this.rules.flatMap((rules) => rules.procedures);
    this.proceduresById = uniqueProcedures(this.procedures);
    this.workedExamples = Object.assign({}, ...this.rules.map((rules) => rules.examples));
    checkScoringNames(games);
  }

  /** The game with this content id, or null. */
  gameById(id: string): GameDescriptor | null {
    return this.byId.get(id) ?? null;
  }

  /** The procedure with this id, or null. */
  procedure(id: string): AnyProcedureDescriptor | null {
    return this.proceduresById.get(id) ?? null;
  }

  /** The games that keep campaigns. */
  campaignGames(): readonly GameDescriptor[] {
    return this.games.filter((game) => game.campaign !== undefined);
  }

  /** The campaign model of the game with this id, or null for a game that keeps no campaigns (or no such game). */
  campaignModelOf(gameId: string): CampaignModel | null {
    return this.byId.get(gameId)?.campaign ?? null;
  }

  /** The games whose plays are scored and ranked, in catalog order. */
  scoringGames(): readonly (GameDescriptor & { readonly scoring: GameScoring })[] {
    return this.games.filter((game): game is GameDescriptor & { readonly scoring: GameScoring } => game.scoring !== undefined);
  }

  /** The scoring of the game with this id, or null for a game that keeps no scores (or no such game). */
  scoringOf(gameId: string): GameScoring | null {
    return this.byId.get(gameId)?.scoring ?? null;
  }
}

/**
 * The scoring names of two games must not meet in one schema, and a board
 * dimension must be a field of both the result and the board keys, or the
 * boards could not be named from a result and asked for by a query.
 */
function checkScoringNames(games: readonly GameDescriptor[]): void {
  const taken = new Map<string, string>();
  const claim = (what: string, value: string, gameId: string) => {
    const other = taken.get(`${what}:${value}`);
    if (other) throw new Error(`games ${other} and ${gameId} both take the scoring ${what} prefix "${value}"`);
    taken.set(`${what}:${value}`, gameId);
  };
  for (const game of games) {
    if (!game.scoring) continue;
    const { names, schemas, dimensions } = game.scoring;
    claim('type', names.game, game.id);
    claim('board', names.boards, game.id);
    claim('job', names.jobs, game.id);
    for (const dimension of dimensions) {
      if (!(dimension in schemas.result.shape) || !(dimension in schemas.board.shape)) {
        throw new Error(`${game.id}: the board dimension ${dimension} must be a field of both the result and the board schemas`);
      }
    }
  }
}

/**
 * A game's procedures belong to it: each names the game's id, and in a game
 * the content divides into modules, one of its modules (absent otherwise).
 * Clients filter the catalog by these ids, so a mismatch would hide a procedure.
 */
function checkProcedureHomes(game: GameDescriptor): void {
  const modules = new Set(game.modules.map((module) => module.id));
  for (const procedure of game.rules.procedures) {
    if (procedure.gameId !== game.id) throw new Error(`${procedure.id}: a procedure of ${game.id} names the game ${procedure.gameId}`);
    if (modules.size === 0 && procedure.moduleId !== undefined) {
      throw new Error(`${procedure.id}: ${game.id} has no modules, yet the procedure names the module ${procedure.moduleId}`);
    }
    if (modules.size > 0 && (procedure.moduleId === undefined || !modules.has(procedure.moduleId))) {
      throw new Error(`${procedure.id}: a procedure of ${game.id} names one of its modules (${[...modules].join(', ')}), not ${procedure.moduleId ?? 'none'}`);
    }
  }
}

/** Procedures by id; ids and query fields are public names, so each is taken once across the catalog. */
function uniqueProcedures(procedures: readonly AnyProcedureDescriptor[]): ReadonlyMap<string, AnyProcedureDescriptor> {
  const byId = new Map<string, AnyProcedureDescriptor>();
  const fields = new Set<string>();
  for (const procedure of procedures) {
    if (byId.has(procedure.id)) throw new Error(`two procedures have the id ${procedure.id}`);
    if (fields.has(procedure.field)) throw new Error(`two procedures are served as ${procedure.field}`);
    byId.set(procedure.id, procedure);
    fields.add(procedure.field);
  }
  return byId;
}
