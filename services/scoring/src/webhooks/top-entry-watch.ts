import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, BaseConfig, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import { EmittedWebhookEvent, someEndpointListens, WebhookEventFollower, WebhookFollowers, webhookPayload } from '@scriptbook/platform/webhooks';
import { DataSource } from 'typeorm';
import { BoardLayout, boardNamesOf, RankedResult } from '../boards/board-keys';
import { BoardStore } from '../boards/board-store';
import { ScoredGames } from '../games/scored-games';
import { toRanked } from '../results/result-mapping';
import { BoardOutboxEntity, ResultEntity } from '../results/result.entity';

/** Thrown while a result's board entries are still on their way, so the fan-out job asks again after its backoff. */
class EntriesPending extends Error {}

/**
 * Which public board a name stands for, in the terms a receiver knows: the
 * period, each dimension fixed to the result's value or open (null), and
 * the view; or the daily challenge's board. Names are
 * `<period>:<scope parts joined by |>:<view>` and `challenge:<id>:<view>`.
 */
export function describeBoard(name: string, layout: BoardLayout, result: RankedResult): Record<string, unknown> {
  const view = name.slice(name.lastIndexOf(':') + 1);
  if (name.startsWith('challenge:')) return { challengeId: result.challengeId, view };
  const period = name.slice(0, name.indexOf(':'));
  const parts = name.slice(period.length + 1, name.lastIndexOf(':')).split('|');
  const scope = Object.fromEntries(layout.dimensions.map((dimension, i) => [dimension, parts[i] === '*' ? null : (result.fields[dimension] ?? null)]));
  return { period, scope, view };
}

/**
 * Follows every submitted victory into `board.top-entry.changed`: once the
 * result's entries are on the boards, each public board (scope, period,
 * view, and its challenge's) whose first place it now holds is one event,
 * its id from the board and the result, so a retried fan-out emits it once.
 * Runs in the worker, off the submission's path.
 */
@Injectable()
export class TopEntryWatch implements WebhookEventFollower, OnModuleInit {
  private readonly stores = new Map<string, BoardStore>();

  constructor(
    private readonly data: DataSource,
    private readonly games: ScoredGames,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    private readonly followers: WebhookFollowers,
  ) {}

  onModuleInit(): void {
    this.followers.add(this);
  }

  async follow({ event }: EmittedWebhookEvent): Promise<EmittedWebhookEvent[]> {
    if (event.type !== 'group.result.submitted' || event.data.victory !== true) return [];
    // Reading every board's first place after each victory is for the administrators' endpoints only.
    if (!(await someEndpointListens(this.data, 'PUBLIC_BOARDS'))) return [];
    const row = await this.data.getRepository(ResultEntity).findOneBy({ id: String(event.data.resultId) });
    const game = row ? this.games.find(row.gameId) : null;
    const ranked = row ? toRanked(row) : null;
    if (!row || !game || !ranked) return [];
    if (await this.data.getRepository(BoardOutboxEntity).existsBy({ resultId: row.id })) throw new EntriesPending(`board entries of ${row.id} not yet applied`);
    const store = this.storeOf(game.id, game.layout);
    const names = boardNamesOf(game.layout, ranked);
    const tops = await Promise.all(names.map((name) => store.range(name, 0, 0)));
    return names
      .filter((_, i) => tops[i].entries[0]?.result?.id === row.id)
      .map((name) => ({
        event: webhookPayload('board.top-entry.changed', `${name}:${row.id}`, row.createdAt, {
          gameId: game.id,
          board: describeBoard(name, game.layout, ranked),
          resultId: row.id,
          playerId: row.playerId,
          score: row.score,
          verified: row.verified,
          entries: tops[names.indexOf(name)].total,
        }),
        audience: { publicBoards: true as const },
      }));
  }

  private storeOf(gameId: string, layout: BoardLayout): BoardStore {
    let store = this.stores.get(gameId);
    if (!store) this.stores.set(gameId, (store = new BoardStore(this.redis, this.config.REDIS_PREFIX, layout)));
    return store;
  }
}
