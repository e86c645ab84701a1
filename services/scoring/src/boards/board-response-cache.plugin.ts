import { ApolloServerPlugin, GraphQLRequestContextResponseForOperation, GraphQLRequestListener, GraphQLResponse, HeaderMap } from '@apollo/server';
import { Plugin } from '@nestjs/apollo';
import { Inject, Injectable } from '@nestjs/common';
import type { FragmentDefinitionNode } from 'graphql';
import { Counter, Gauge } from 'prom-client';
import { APP_CONFIG, metricsRegistry, REDIS_CLIENT, SubgraphContext } from '@scriptbook/platform';
import type Redis from 'ioredis';
import { ScoredGames } from '../games/scored-games';
import type { ScoringConfig } from '../scoring.config';
import { periodTag } from './board-periods';
import { BoardResponseCache } from './board-response-cache';
import { boardVersionKey } from './board-version';
import { BoardReadField, cacheableBoardRead, CacheableBoardRead } from './cacheable-board-read';

const lookups = new Counter({
  name: 'scoring_board_cache_lookups_total',
  help: 'Board reads answered from the page cache (hit), executed because nothing was kept (miss), because the boards changed since (stale), or executed without the cache (bypass: Redis holds no version)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
const entries = new Gauge({ name: 'scoring_board_cache_entries', help: 'Answers the page cache holds', registers: [metricsRegistry] });
const jsonBytes = new Gauge({ name: 'scoring_board_cache_json_bytes', help: "Size of the page cache's answers as JSON", registers: [metricsRegistry] });

/** What a request that may be kept carries from its lookup to its answer. */
interface PendingKeep {
  readonly key: string;
  readonly versions: string;
}

/**
 * The scoring subgraph's page cache: a repeated board read (a top-N page,
 * a cursor's page, around-me) is answered with the data an earlier
 * execution of the same operation, variables, period and, for around-me,
 * caller produced, as long as the boards' versions in Redis are still the
 * ones it was read at. Each request reads those versions (one MGET) before
 * anything is given, and every board write raises them in the same script
 * or transaction as the change, so an answer given is never older than the
 * boards were when the request arrived: a write acknowledged on any replica
 * is on every later read.
 *
 * What stays as executed: the gateway's signature (middleware, before
 * Apollo), the caller's token (the context), the query limits (validation
 * and didResolveOperation, before this hook). Around-me is kept per player
 * and only for a caller whose token names one; any other caller is executed
 * and refused as usual. Leaderboard pages are open to everyone and never
 * read the caller, so one answer serves every caller. An answer with errors
 * is never kept.
 *
 * A hit skips graphql-js's completion of every field, which is what
 * allocated most of a page (docs/scoring.md, "Page cache").
 */
@Plugin()
@Injectable()
export class BoardResponseCachePlugin implements ApolloServerPlugin<SubgraphContext> {
  readonly cache: BoardResponseCache;
  private readonly reads = new Map<string, BoardReadField>();
  private readonly versionKeys = new Map<string, string>();

  constructor(
    games: ScoredGames,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: ScoringConfig,
  ) {
    this.cache = new BoardResponseCache(Math.floor(config.SCORING_BOARD_CACHE_MB * 1024 * 1024));
    for (const game of games.all()) {
      this.reads.set(game.names.queries.leaderboard, { gameId: game.id, perPlayer: false });
      this.reads.set(game.names.queries.aroundMe, { gameId: game.id, perPlayer: true });
      this.versionKeys.set(game.id, boardVersionKey(config.REDIS_PREFIX, game.id));
    }
  }

  async requestDidStart(): Promise<GraphQLRequestListener<SubgraphContext> | void> {
    if (!this.cache.enabled) return;
    let pending: PendingKeep | null = null;
    return {
      responseForOperation: async (context) => {
        const read = this.boardReadOf(context);
        if (!read) return null;
        const key = this.keyOf(context, read);
        if (key === null) return null;
        const found = await this.redis.mget(...read.gameIds.map((id) => this.versionKeys.get(id)!));
        const versions = found.some((version) => version === null) ? null : found.join(',');
        const lookup = this.cache.lookup(key, versions);
        lookups.inc({ outcome: lookup.outcome });
        if (lookup.outcome === 'hit') return answer(lookup.data);
        if (versions !== null) pending = { key, versions };
        return null;
      },
      willSendResponse: async (context) => {
        if (!pending || context.response.body.kind !== 'single') return;
        const { data, errors } = context.response.body.singleResult;
        if (errors?.length || !data) return;
        this.cache.keep(pending.key, pending.versions, data);
        const size = this.cache.size;
        entries.set(size.entries);
        jsonBytes.set(size.jsonBytes);
      },
    };
  }

  private boardReadOf(context: GraphQLRequestContextResponseForOperation<SubgraphContext>): CacheableBoardRead | null {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.document.definitions) if (definition.kind === 'FragmentDefinition') fragments[definition.name.value] = definition;
    return cacheableBoardRead(context.operation, fragments, this.reads);
  }

  /**
   * Everything besides the boards' versions that the answer depends on: the
   * document, the operation chosen in it, the variables, the current week
   * and season (the boards a period names, and its reset instants), and the
   * player for around-me. Null when around-me is asked without a player's
   * token: that request is executed, and refused, as usual.
   */
  private keyOf(context: GraphQLRequestContextResponseForOperation<SubgraphContext>, read: CacheableBoardRead): string | null {
    let caller = '';
    if (read.perPlayer) {
      const { viewer } = context.contextValue;
      if (viewer.kind !== 'player') return null;
      caller = viewer.playerId;
    }
    const now = new Date();
    const period = `${periodTag('WEEK', now)} ${periodTag('SEASON', now)}`;
    return `${context.queryHash}\n${context.operationName ?? ''}\n${JSON.stringify(context.request.variables ?? {})}\n${period}\n${caller}`;
  }
}

function answer(data: Readonly<Record<string, unknown>>): GraphQLResponse {
  return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data } } };
}
