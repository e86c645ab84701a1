import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { Counter, Gauge } from 'prom-client';
import { APP_CONFIG, metricsRegistry, mgetAcrossSlots, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import { ScoredGames } from '../games/scored-games';
import type { ScoringConfig } from '../scoring.config';
import { periodTag } from './board-periods';
import { BoardCacheLookup, BoardCacheOutcome, BoardResponseCache, KeptAnswer } from './board-response-cache';
import { boardVersionKey } from './board-version';
import { BoardReadField } from './cacheable-board-read';

const lookups = new Counter({
  name: 'scoring_board_cache_lookups_total',
  help: 'Board reads answered from the page cache (hit), executed because nothing was kept (miss), because the boards changed since (stale), or executed without the cache (bypass: Redis holds no version)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
const entries = new Gauge({ name: 'scoring_board_cache_entries', help: 'Answers the page cache holds', registers: [metricsRegistry] });
const jsonBytes = new Gauge({ name: 'scoring_board_cache_json_bytes', help: "Size of the page cache's answers as JSON, held outside the heap", registers: [metricsRegistry] });

/**
 * The scoring replica's page cache and what both of its halves share: the
 * middleware that gives kept answers ahead of Apollo (board-answers-ahead.ts)
 * and the Apollo plugin that keeps executed ones
 * (board-response-cache.plugin.ts). An answer is keyed by the request's
 * exact body (operation, operation name and variables as the gateway sent
 * them), the current week and season, and for around-me the caller; it is
 * kept with the versions of the games whose boards it read.
 */
@Injectable()
export class BoardAnswers {
  readonly cache: BoardResponseCache;
  /** The board read fields of every scored game, by root field name. */
  readonly reads = new Map<string, BoardReadField>();
  private readonly versionKeys = new Map<string, string>();
  /** Requests whose lookup the middleware made and counted: the plugin neither looks up nor counts them again. */
  private readonly lookedUp = new WeakSet<IncomingMessage>();

  constructor(
    games: ScoredGames,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) config: ScoringConfig,
  ) {
    this.cache = new BoardResponseCache(Math.floor(config.SCORING_BOARD_CACHE_MB * 1024 * 1024));
    for (const game of games.all()) {
      this.reads.set(game.names.queries.leaderboard, { gameId: game.id, perPlayer: false });
      this.reads.set(game.names.queries.aroundMe, { gameId: game.id, perPlayer: true });
      this.versionKeys.set(game.id, boardVersionKey(config.REDIS_PREFIX, game.id));
    }
  }

  /**
   * Everything besides the boards' versions that an answer depends on: the
   * body (the document, the operation chosen in it, the variables), the
   * current week and season (the boards a period names, and its reset
   * instants), and the player for around-me ('' for every other read).
   */
  keyOf(body: Buffer, caller: string, now = new Date()): string {
    return `${periodTag('WEEK', now)} ${periodTag('SEASON', now)}\n${caller}\n${body.toString('utf8')}`;
  }

  versionKeysOf(gameIds: readonly string[]): string[] {
    return gameIds.map((id) => this.versionKeys.get(id)!);
  }

  /** The versions Redis holds now for these keys, joined; null when any is missing (nothing may be given or kept). */
  async versionsAt(keys: readonly string[]): Promise<string | null> {
    const found = await mgetAcrossSlots(this.redis, keys);
    return found.some((version) => version === null) ? null : found.join(',');
  }

  lookup(req: IncomingMessage, key: string, versions: string | null): BoardCacheLookup {
    this.lookedUp.add(req);
    const found = this.cache.lookup(key, versions);
    lookups.inc({ outcome: found.outcome });
    return found;
  }

  /** Counts the lookup of a request that reached Apollo, unless the middleware already counted it (a stale answer, say). */
  countUnlessLookedUp(req: IncomingMessage, outcome: BoardCacheOutcome): void {
    if (this.lookedUp.has(req)) return;
    this.cache.count(outcome);
    lookups.inc({ outcome });
  }

  keep(key: string, answer: KeptAnswer): void {
    this.cache.keep(key, answer);
    const size = this.cache.size;
    entries.set(size.entries);
    jsonBytes.set(size.jsonBytes);
  }
}
