import { scanAcrossNodes, type RedisClient } from '@scriptbook/platform';
import { randomBytes } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { decodeBoardScore, encodeBoardScore } from './board-score';
import { bestByBoard } from './best-entries';
import { BoardLayout, boardNamesOf, ENTRY_RESULTS, entryField, gameBoardsPrefix, generationPrefix, RankedResult } from './board-keys';
import { BUMP_VERSION, boardVersionKey, bumpVersionLua } from './board-version';
import { EntryResult, packEntryResult, unpackEntryResult } from './entry-result';

/** One row of a board as Redis holds it. */
export interface BoardEntry {
  readonly rank: number;
  readonly playerId: string;
  readonly score: number;
  readonly recordedAt: Date;
  /** The result behind the entry; null only when Redis no longer knows it (boards written before results were kept beside them). */
  readonly result: EntryResult | null;
  /** The raw sorted-set score: a cursor resumes from it. */
  readonly encoded: number;
}

/** A slice of one board and the board's size, read together. */
export interface BoardSlice {
  readonly total: number;
  readonly entries: BoardEntry[];
}

/**
 * Live writes, in one call however many boards and generations a result
 * enters: the generations to feed are read inside the script, the result's
 * page fields go into the generation's entry hash once, and every board
 * keeps the player's best only (ZADD GT). Applying the same result twice
 * changes nothing, which is what makes the outbox safe to replay, and
 * raises the boards' version only when a board changed.
 * KEYS: live and building generation, version; ARGV: key prefix, then per result its
 * sorted-set score, member, packed page fields, board count and board names.
 * Keys are derived inside the script, which a single Redis (not a cluster) allows.
 */
const APPLY_RESULTS = `
local live = redis.call('GET', KEYS[1]) or '0'
local building = redis.call('GET', KEYS[2])
local gens = {live}
if building and building ~= live then gens[2] = building end
local changed = 0
local i = 2
while i <= #ARGV do
  local encoded, member, packed, n = ARGV[i], ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3])
  for _, gen in ipairs(gens) do
    local base = ARGV[1] .. gen .. ':'
    redis.call('HSET', base .. '${ENTRY_RESULTS}', encoded .. ':' .. member, packed)
    for k = i + 4, i + 3 + n do
      changed = changed + redis.call('ZADD', base .. ARGV[k], 'GT', 'CH', encoded, member)
    end
  end
  i = i + 4 + n
end
if changed > 0 then
${bumpVersionLua('KEYS[3]')}
end
return changed`;

/**
 * A board page in one round trip: the live generation, the player's rank
 * when the page is around them, the entries, the results behind them and
 * the board's size. KEYS: live generation; ARGV: key prefix, board name,
 * 'range' with first and last rank (0-based), or 'around' with player and radius.
 * Returns size, the first rank shown (-1: the player is not on the board),
 * member/score pairs and the packed results.
 */
const READ_BOARD = `
local base = ARGV[1] .. (redis.call('GET', KEYS[1]) or '0') .. ':'
local key = base .. ARGV[2]
local start, stop
if ARGV[3] == 'around' then
  local rank = redis.call('ZREVRANK', key, ARGV[4])
  if not rank then return {redis.call('ZCARD', key), -1, {}, {}} end
  start = math.max(0, rank - tonumber(ARGV[5]))
  stop = rank + tonumber(ARGV[5])
else
  start = tonumber(ARGV[4])
  stop = tonumber(ARGV[5])
end
local rows = redis.call('ZRANGE', key, start, stop, 'REV', 'WITHSCORES')
local results = {}
if #rows > 0 then
  local fields = {}
  for i = 1, #rows, 2 do fields[#fields + 1] = rows[i + 1] .. ':' .. rows[i] end
  results = redis.call('HMGET', base .. '${ENTRY_RESULTS}', unpack(fields))
end
return {redis.call('ZCARD', key), start, rows, results}`;

type ReadReply = [number, number, string[], (string | null)[]];
type BoardRedis = RedisClient & {
  boardsApplyResults: (...args: (string | number)[]) => Promise<number>;
  boardsReadBoard: (...args: (string | number)[]) => Promise<ReadReply>;
  boardsBumpVersion: (...args: (string | number)[]) => Promise<number | string>;
};

/** Results per rebuild pipeline: about 80,000 sorted-set entries, well under a second of Redis's time. */
const REBUILD_PIPELINE_RESULTS = 2_500;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The Redis side of one game's boards. Readers follow the live generation;
 * a rebuild fills a fresh one from the stored results while writers feed
 * both, then switches in one write, so nobody reads a half-built board.
 */
export class BoardStore {
  private readonly redis: BoardRedis;
  /** Every key of the game's boards starts with it. */
  private readonly keyPrefix: string;
  private readonly liveKey: string;
  private readonly buildingKey: string;
  /** The boards' version counter (see board-version.ts). */
  readonly versionKey: string;

  constructor(
    redis: RedisClient,
    private readonly prefix: string,
    readonly layout: BoardLayout,
  ) {
    if (!('boardsApplyResults' in redis)) redis.defineCommand('boardsApplyResults', { lua: APPLY_RESULTS });
    if (!('boardsReadBoard' in redis)) redis.defineCommand('boardsReadBoard', { lua: READ_BOARD });
    if (!('boardsBumpVersion' in redis)) redis.defineCommand('boardsBumpVersion', { lua: BUMP_VERSION });
    this.redis = redis as BoardRedis;
    this.keyPrefix = gameBoardsPrefix(prefix, layout.gameId);
    this.liveKey = `${this.keyPrefix}live-gen`;
    this.buildingKey = `${this.keyPrefix}building-gen`;
    this.versionKey = boardVersionKey(prefix, layout.gameId);
  }

  /** Whether the boards have a live generation: none before the first rebuild in this layout, or after Redis lost them. */
  async hasLiveGeneration(): Promise<boolean> {
    return (await this.redis.exists(this.liveKey)) === 1;
  }

  async liveGeneration(): Promise<string> {
    return (await this.redis.get(this.liveKey)) ?? '0';
  }

  /** Adds results to every board they count on, in the live generation and any being built, in one round trip. */
  async apply(results: readonly RankedResult[]): Promise<void> {
    if (results.length === 0) return;
    const args: (string | number)[] = [this.keyPrefix];
    for (const result of results) {
      const names = boardNamesOf(this.layout, result);
      args.push(String(encodeBoardScore(result.score, result.createdAt)), result.playerId, packEntryResult(this.layout, result), names.length, ...names);
    }
    await this.redis.boardsApplyResults(3, this.liveKey, this.buildingKey, this.versionKey, ...args);
  }

  /**
   * A rebuild's writes into its own generation: each result's page fields
   * once, and per board one ZADD GT of many members, pipelined. GT keeps
   * each player's best whatever order results come in, and agrees with the
   * live writes that reach the same generation meanwhile. The next slice's
   * pipeline is built while Redis works through the last one, and only one
   * is ever queued there, so no command waits behind more than a slice's
   * worth (commands time out).
   */
  async fill(gen: string, results: readonly RankedResult[]): Promise<void> {
    const base = generationPrefix(this.prefix, this.layout.gameId, gen);
    let sent: Promise<void> | null = null;
    for (let start = 0; start < results.length; start += REBUILD_PIPELINE_RESULTS) {
      const pipeline = this.fillPipeline(base, results.slice(start, start + REBUILD_PIPELINE_RESULTS));
      await sent;
      sent = pipeline.exec().then((replies) => {
        for (const [error] of replies ?? []) if (error) throw error;
      });
    }
    await sent;
  }

  private fillPipeline(base: string, results: readonly RankedResult[]): ChainableCommander {
    const pipeline = this.redis.pipeline();
    const encoded = results.map((result) => String(encodeBoardScore(result.score, result.createdAt)));
    // The results first: an entry is never readable before the result it points at.
    const fields: string[] = [];
    results.forEach((result, i) => fields.push(entryField(encoded[i], result.playerId), packEntryResult(this.layout, result)));
    pipeline.hset(base + ENTRY_RESULTS, ...fields);
    // Results recorded the same UTC day with the same dimensions, view and challenge enter the same boards: their
    // board names are worked out once per slice, and each result only appends to those boards' lists.
    const boardsOfKind = new Map<string, string[][]>();
    const membersOf = new Map<string, string[]>();
    const { dimensions } = this.layout;
    results.forEach((result, i) => {
      let kind = `${Math.floor(result.createdAt.getTime() / DAY_MS)}|${result.verified}|${result.fromRecord}|${result.challengeId ?? ''}`;
      for (const dimension of dimensions) kind += `|${result.fields[dimension]}`;
      let boards = boardsOfKind.get(kind);
      if (!boards) {
        boards = boardNamesOf(this.layout, result).map((name) => {
          let members = membersOf.get(name);
          if (!members) membersOf.set(name, (members = []));
          return members;
        });
        boardsOfKind.set(kind, boards);
      }
      for (const members of boards) members.push(encoded[i], result.playerId);
    });
    for (const [name, members] of membersOf) pipeline.zadd(base + name, 'GT', ...members);
    return pipeline;
  }

  /**
   * Sets one player's entries to exactly what their visible results give,
   * removing them from boards they no longer belong on (after a result is
   * hidden or rescored). `touched` are every result of theirs that may have
   * put them on a board, hidden ones included.
   */
  async replacePlayer(playerId: string, visible: readonly RankedResult[], touched: readonly RankedResult[]): Promise<void> {
    const [live, building] = await this.redis.mget(this.liveKey, this.buildingKey);
    const best = bestByBoard(this.layout, visible);
    const names = new Set([...best.keys(), ...touched.flatMap((result) => boardNamesOf(this.layout, result))]);
    const multi = this.redis.multi();
    for (const gen of [live ?? '0', ...(building && building !== live ? [building] : [])]) {
      const base = generationPrefix(this.prefix, this.layout.gameId, gen);
      for (const result of new Set(best.values())) multi.hset(base + ENTRY_RESULTS, entryField(encodeBoardScore(result.score, result.createdAt), playerId), packEntryResult(this.layout, result));
      for (const name of names) {
        const result = best.get(name);
        if (result) multi.zadd(base + name, encodeBoardScore(result.score, result.createdAt), playerId);
        else multi.zrem(base + name, playerId);
      }
    }
    (multi as unknown as BoardRedis).boardsBumpVersion(1, this.versionKey);
    for (const [error] of (await multi.exec()) ?? []) if (error) throw error;
  }

  /** Drops the boards of periods that have ended (tags other than `keep`); the all-time and challenge boards stay. Returns how many keys went. */
  async dropPeriodsExcept(keep: readonly string[]): Promise<number> {
    let dropped = 0;
    await scanAcrossNodes(this.redis, `${this.keyPrefix}*`, async (keys) => {
      const stale = keys.filter((key) => {
        const period = key.slice(this.keyPrefix.length).split(':')[1] ?? '';
        return (period.startsWith('season-') || period.startsWith('week-')) && !keep.includes(period);
      });
      if (stale.length > 0) dropped += await this.redis.unlink(...stale);
    });
    // Only ended periods went, which no page names any more; the version still moves, so no answer outlives a change.
    if (dropped > 0) await this.redis.boardsBumpVersion(1, this.versionKey);
    return dropped;
  }

  async beginRebuild(): Promise<string> {
    const gen = randomBytes(6).toString('hex');
    await this.redis.set(this.buildingKey, gen);
    return gen;
  }

  /** Makes `gen` live and drops every other generation's keys. */
  async finishRebuild(gen: string): Promise<void> {
    const multi = this.redis.multi().set(this.liveKey, gen).del(this.buildingKey);
    (multi as unknown as BoardRedis).boardsBumpVersion(1, this.versionKey);
    for (const [error] of (await multi.exec()) ?? []) if (error) throw error;
    const kept = [this.liveKey, this.buildingKey, this.versionKey];
    await scanAcrossNodes(this.redis, `${this.keyPrefix}*`, async (keys) => {
      const stale = keys.filter((key) => !kept.includes(key) && !key.startsWith(`${this.keyPrefix}${gen}:`));
      if (stale.length > 0) await this.redis.unlink(...stale);
    });
  }

  /** Entries `start` to `stop` (0-based ranks, inclusive) of the live board `name`. */
  async range(name: string, start: number, stop: number): Promise<BoardSlice> {
    return this.read(await this.redis.boardsReadBoard(1, this.liveKey, this.keyPrefix, name, 'range', start, stop));
  }

  /** `radius` entries either side of the player, clipped at both ends; empty when the player is not on the board. */
  async around(name: string, playerId: string, radius: number): Promise<BoardSlice> {
    return this.read(await this.redis.boardsReadBoard(1, this.liveKey, this.keyPrefix, name, 'around', playerId, radius));
  }

  /**
   * Up to `count` entries after the one a cursor names (from the top without
   * one). Entries with the same sorted-set score come in descending member
   * order, so the cursor's member settles where to resume among them.
   */
  async page(name: string, count: number, after: { encoded: number; playerId: string } | null): Promise<BoardSlice> {
    if (!after) return this.range(name, 0, count - 1);
    const base = generationPrefix(this.prefix, this.layout.gameId, await this.liveGeneration());
    const key = base + name;
    const ties = await this.redis.zcount(key, after.encoded, after.encoded);
    const raw = await this.redis.zrange(key, after.encoded, '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, count + ties, 'WITHSCORES');
    const rows = pairs(raw).filter(([member, encoded]) => encoded < after.encoded || member < after.playerId).slice(0, count);
    const total = await this.redis.zcard(key);
    if (rows.length === 0) return { total, entries: [] };
    const firstRank = await this.redis.zrevrank(key, rows[0][0]);
    return { total, entries: await this.withResults(base, rows, (firstRank ?? 0) + 1) };
  }

  /** Given members of the live board `name` (a group's), their entries, best first, with the results behind them; members not on the board are left out. */
  async entriesOf(name: string, playerIds: readonly string[]): Promise<BoardEntry[]> {
    if (playerIds.length === 0) return [];
    const base = generationPrefix(this.prefix, this.layout.gameId, await this.liveGeneration());
    const scores = await this.redis.zmscore(base + name, ...playerIds);
    const rows = playerIds
      .map((playerId, i): [string, number | null] => [playerId, scores[i] === null ? null : Number(scores[i])])
      .filter((row): row is [string, number] => row[1] !== null)
      .sort(([a, x], [b, y]) => y - x || (a < b ? 1 : -1));
    return this.withResults(base, rows, 1);
  }

  private async withResults(base: string, rows: [string, number][], firstRank: number): Promise<BoardEntry[]> {
    if (rows.length === 0) return [];
    const packed = await this.redis.hmget(base + ENTRY_RESULTS, ...rows.map(([member, encoded]) => entryField(encoded, member)));
    return rows.map(([playerId, encoded], i) => this.toEntry(playerId, encoded, packed[i], firstRank + i));
  }

  private read([total, start, raw, packed]: ReadReply): BoardSlice {
    const entries: BoardEntry[] = [];
    for (let i = 0; i < raw.length; i += 2) entries.push(this.toEntry(raw[i], Number(raw[i + 1]), packed[i / 2], start + 1 + i / 2));
    return { total, entries };
  }

  private toEntry(playerId: string, encoded: number, packed: string | null | undefined, rank: number): BoardEntry {
    return { rank, playerId, encoded, result: packed ? unpackEntryResult(this.layout, packed) : null, ...decodeBoardScore(encoded) };
  }
}

function pairs(raw: string[]): [string, number][] {
  const out: [string, number][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i], Number(raw[i + 1])]);
  return out;
}
