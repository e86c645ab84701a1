import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { decodeBoardScore, encodeBoardScore } from './board-score';
import { bestByKey } from './best-entries';
import { keysOf, RankedResult } from './board-keys';

/** One row of a board as Redis holds it. */
export interface BoardEntry {
  readonly rank: number;
  readonly playerId: string;
  readonly score: number;
  readonly recordedAt: Date;
  readonly resultId: string;
  /** The raw sorted-set score: a cursor resumes from it. */
  readonly encoded: number;
}

/**
 * Keeps a player's best only, and the result that set it, on every board a
 * result enters (KEYS): each sorted set and its `:results` hash change
 * together or not at all. Applying the same result twice changes nothing,
 * which is what makes the outbox safe to replay. One call per result rather
 * than per board: the rebuild's rate is bounded by calls, not by the sets.
 * The hash keys are derived inside the script, which a single Redis (not a
 * cluster) allows.
 */
const APPLY_RESULT = `
local changed = 0
for _, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'GT', 'CH', ARGV[1], ARGV[2]) == 1 then
    redis.call('HSET', key .. ':results', ARGV[2], ARGV[3])
    changed = changed + 1
  end
end
return changed`;

type ApplyResult = (...args: (string | number)[]) => Promise<number>;
type BoardRedis = Redis & { zsApplyResult: ApplyResult };

/**
 * The Redis side of the boards. Readers follow the live generation; a
 * rebuild fills a fresh one from Postgres while writers feed both, then
 * switches in one write, so nobody reads a half-built board.
 */
export class BoardStore {
  private readonly redis: BoardRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('zsApplyResult' in redis)) redis.defineCommand('zsApplyResult', { lua: APPLY_RESULT });
    this.redis = redis as BoardRedis;
  }

  private get liveKey(): string {
    return `${this.prefix}:zs-board:live-gen`;
  }

  private get buildingKey(): string {
    return `${this.prefix}:zs-board:building-gen`;
  }

  async liveGeneration(): Promise<string> {
    return (await this.redis.get(this.liveKey)) ?? '0';
  }

  /** Adds results to every board they count on, in the live generation and any being built. */
  async apply(results: readonly RankedResult[]): Promise<void> {
    if (results.length === 0) return;
    const [live, building] = await this.redis.mget(this.liveKey, this.buildingKey);
    const gens = [live ?? '0', ...(building && building !== live ? [building] : [])];
    await this.applyTo(gens, results);
  }

  /** Writes into the given generations only; a rebuild uses it for its own. */
  async applyTo(gens: readonly string[], results: readonly RankedResult[]): Promise<void> {
    const pipeline = this.redis.pipeline() as unknown as { zsApplyResult: ApplyResult; exec(): Promise<[Error | null, unknown][] | null> };
    for (const result of results) {
      const encoded = encodeBoardScore(result.score, result.createdAt);
      const keys = gens.flatMap((gen) => keysOf(this.prefix, gen, result));
      pipeline.zsApplyResult(keys.length, ...keys, encoded, result.playerId, result.id);
    }
    for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
  }

  /**
   * Sets one player's entries to exactly what their visible results give,
   * removing them from boards they no longer belong on (after a result is
   * hidden or rescored). `touched` are every result of theirs that may have
   * put them on a board, hidden ones included.
   */
  async replacePlayer(playerId: string, visible: readonly RankedResult[], touched: readonly RankedResult[]): Promise<void> {
    const [live, building] = await this.redis.mget(this.liveKey, this.buildingKey);
    const multi = this.redis.multi();
    for (const gen of [live ?? '0', ...(building && building !== live ? [building] : [])]) {
      const best = bestByKey(this.prefix, gen, visible);
      const keys = new Set([...best.keys(), ...touched.flatMap((r) => keysOf(this.prefix, gen, r))]);
      for (const key of keys) {
        const result = best.get(key);
        if (result) multi.zadd(key, encodeBoardScore(result.score, result.createdAt), playerId).hset(`${key}:results`, playerId, result.id);
        else multi.zrem(key, playerId).hdel(`${key}:results`, playerId);
      }
    }
    for (const [error] of (await multi.exec()) ?? []) if (error) throw error;
  }

  /** Drops the boards of periods that have ended (tags other than `keep`); the all-time and challenge boards stay. Returns how many keys went. */
  async dropPeriodsExcept(keep: readonly string[]): Promise<number> {
    let dropped = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}:zs-board:*`, 'COUNT', 1000);
      const stale = keys.filter((key) => {
        const period = key.slice(`${this.prefix}:zs-board:`.length).split(':')[1] ?? '';
        return (period.startsWith('season-') || period.startsWith('week-')) && !keep.includes(period);
      });
      if (stale.length > 0) dropped += await this.redis.unlink(...stale);
      cursor = next;
    } while (cursor !== '0');
    return dropped;
  }

  async beginRebuild(): Promise<string> {
    const gen = randomBytes(6).toString('hex');
    await this.redis.set(this.buildingKey, gen);
    return gen;
  }

  /** Makes `gen` live and drops every other generation's keys. */
  async finishRebuild(gen: string): Promise<void> {
    await this.redis.multi().set(this.liveKey, gen).del(this.buildingKey).exec();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}:zs-board:*`, 'COUNT', 1000);
      const stale = keys.filter((k) => k !== this.liveKey && k !== this.buildingKey && !k.startsWith(`${this.prefix}:zs-board:${gen}:`));
      if (stale.length > 0) await this.redis.unlink(...stale);
      cursor = next;
    } while (cursor !== '0');
  }

  async size(key: string): Promise<number> {
    return this.redis.zcard(key);
  }

  /**
   * Up to `count` entries after the one a cursor names (from the top without
   * one). Entries with the same sorted-set score come in descending member
   * order, so the cursor's member settles where to resume among them.
   */
  async page(key: string, count: number, after: { encoded: number; playerId: string } | null): Promise<BoardEntry[]> {
    if (!after) return this.range(key, 0, count - 1);
    const ties = await this.redis.zcount(key, after.encoded, after.encoded);
    const raw = await this.redis.zrange(key, after.encoded, '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, count + ties, 'WITHSCORES');
    const rows = pairs(raw).filter(([member, encoded]) => encoded < after.encoded || member < after.playerId).slice(0, count);
    if (rows.length === 0) return [];
    const firstRank = await this.redis.zrevrank(key, rows[0][0]);
    return this.withResults(key, rows, (firstRank ?? 0) + 1);
  }

  /** `radius` entries either side of the player, clipped at both ends; empty when the player is not on the board. */
  async around(key: string, playerId: string, radius: number): Promise<BoardEntry[]> {
    const rank = await this.redis.zrevrank(key, playerId);
    if (rank === null) return [];
    return this.range(key, Math.max(0, rank - radius), rank + radius);
  }

  private async range(key: string, start: number, stop: number): Promise<BoardEntry[]> {
    const raw = await this.redis.zrange(key, start, stop, 'REV', 'WITHSCORES');
    return this.withResults(key, pairs(raw), start + 1);
  }

  private async withResults(key: string, rows: [string, number][], firstRank: number): Promise<BoardEntry[]> {
    if (rows.length === 0) return [];
    const resultIds = await this.redis.hmget(`${key}:results`, ...rows.map(([member]) => member));
    return rows.map(([playerId, encoded], i) => ({ rank: firstRank + i, playerId, encoded, resultId: resultIds[i] ?? '', ...decodeBoardScore(encoded) }));
  }
}

function pairs(raw: string[]): [string, number][] {
  const out: [string, number][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i], Number(raw[i + 1])]);
  return out;
}
