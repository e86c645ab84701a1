import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, BaseConfig, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import { ScoredGames } from '../games/scored-games';
import { BoardStore } from './board-store';

/** Each scored game's boards, on the service's Redis client. */
@Injectable()
export class GameBoards {
  private readonly stores = new Map<string, BoardStore>();

  constructor(games: ScoredGames, @Inject(REDIS_CLIENT) redis: RedisClient, @Inject(APP_CONFIG) config: BaseConfig) {
    for (const game of games.all()) this.stores.set(game.id, new BoardStore(redis, config.REDIS_PREFIX, game.layout));
  }

  /** The boards of a scored game; null for any other id. */
  find(gameId: string): BoardStore | null {
    return this.stores.get(gameId) ?? null;
  }

  of(gameId: string): BoardStore {
    const store = this.stores.get(gameId);
    if (!store) throw new Error(`${gameId} keeps no boards`);
    return store;
  }
}
