import { Injectable } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import { BoundProcedures } from '@scriptbook/game-host';
import { GameCatalog, GameScoring, ScoringRules } from '@scriptbook/games';
import { BoardLayout } from '../boards/board-keys';
import { MAX_BOARD_SCORE } from '../boards/board-score';
import { scoringApiNames, ScoringApiNames } from './scoring-names';

/** A game whose plays this service scores, with its rules bound to the hosted content. */
export interface ScoredGame {
  readonly id: string;
  readonly scoring: GameScoring;
  readonly rules: ScoringRules;
  readonly names: ScoringApiNames;
  readonly layout: BoardLayout;
  /** Changes with the game's scoring rules or the content; stored on each result so a rescore knows what is stale. */
  readonly scoreVersion: string;
}

/**
 * The hosted catalog's scored games, bound once at start on the game host's
 * procedures: scoring runs the engine on the same binding the rules subgraph
 * does, and learns every game from the catalog.
 */
@Injectable()
export class ScoredGames {
  private readonly byId = new Map<string, ScoredGame>();

  constructor(catalog: GameCatalog, procedures: BoundProcedures, library: ContentLibrary) {
    for (const game of catalog.scoringGames()) {
      const { scoring } = game;
      this.byId.set(game.id, {
        id: game.id,
        scoring,
        rules: scoring.bind(procedures, { maxScore: MAX_BOARD_SCORE }),
        names: scoringApiNames(scoring.names),
        layout: { gameId: game.id, dimensions: scoring.dimensions, fields: Object.keys(scoring.schemas.result.shape) },
        scoreVersion: `${scoring.version}:${library.hash}`,
      });
    }
  }

  all(): readonly ScoredGame[] {
    return [...this.byId.values()];
  }

  /** The scored game with this id, or null for a game whose plays are not scored (or no such game). */
  find(gameId: string): ScoredGame | null {
    return this.byId.get(gameId) ?? null;
  }

  /** A game the service was built to serve; any other id is a bug, not a request to refuse. */
  get(gameId: string): ScoredGame {
    const game = this.byId.get(gameId);
    if (!game) throw new Error(`${gameId} is not a scored game of this catalog`);
    return game;
  }
}
