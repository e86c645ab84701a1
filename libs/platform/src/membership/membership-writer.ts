import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../redis/redis-connection';
import { ALL_GROUPS, MembershipKeys, membershipKeys, MembershipRole, VERSION_FIELD } from './membership-keys';

/** A group's whole membership as committed in accounts' database. */
export interface GroupMembershipSnapshot {
  readonly groupId: string;
  /** Raised in the same transaction as every membership change. */
  readonly version: number;
  readonly members: ReadonlyArray<{ readonly playerId: string; readonly role: MembershipRole }>;
}

// Replaces one group's hash and fixes the affected players' sets in one atomic
// step, then tells readers. A snapshot older than what Redis holds is dropped,
// so two writers racing (a request and a repair) can only move forward.
// KEYS[1] group hash; ARGV: version, player key prefix, group id, channel, then player/role pairs.
const WRITE_GROUP = `
local stored = tonumber(redis.call('HGET', KEYS[1], '${VERSION_FIELD}') or '-1')
local version = tonumber(ARGV[1])
if stored > version then return 0 end
local incoming = {}
for i = 5, #ARGV, 2 do incoming[ARGV[i]] = ARGV[i + 1] end
for _, player in ipairs(redis.call('HKEYS', KEYS[1])) do
  if player ~= '${VERSION_FIELD}' and not incoming[player] then redis.call('SREM', ARGV[2] .. player, ARGV[3]) end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], '${VERSION_FIELD}', ARGV[1])
for i = 5, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  redis.call('SADD', ARGV[2] .. ARGV[i], ARGV[3])
end
redis.call('PUBLISH', ARGV[4], ARGV[3])
return 1
`;

// Marks the model built only if the rebuild that started is still the one on
// record: a flush during the rebuild removes the token, and the rebuild must run again.
const FINISH_REBUILD = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`;

/**
 * The write side of the membership read model. Only accounts, the source of
 * truth, uses it: after each committed change, and to rebuild the whole model.
 */
export class MembershipWriter {
  private readonly keys: MembershipKeys;

  constructor(
    private readonly redis: RedisClient,
    redisPrefix: string,
  ) {
    this.keys = membershipKeys(redisPrefix);
  }

  /** True when applied; false when Redis already held a newer version of the group. */
  async write(snapshot: GroupMembershipSnapshot): Promise<boolean> {
    const pairs = snapshot.members.flatMap((member) => [member.playerId, member.role]);
    const applied = await this.redis.eval(
      WRITE_GROUP,
      1,
      this.keys.group(snapshot.groupId),
      String(snapshot.version),
      this.keys.playerPrefix,
      snapshot.groupId,
      this.keys.changes,
      ...pairs,
    );
    return applied === 1;
  }

  /** Starts a full rebuild; pass the token to `finishRebuild`. */
  async startRebuild(): Promise<string> {
    const token = randomBytes(12).toString('hex');
    await this.redis.set(this.keys.rebuilding, token);
    return token;
  }

  /** False when the model was flushed since `startRebuild`: run the rebuild again. */
  async finishRebuild(token: string, nowMs = Date.now()): Promise<boolean> {
    const done = await this.redis.eval(FINISH_REBUILD, 2, this.keys.rebuilding, this.keys.built, token, String(nowMs), this.keys.changes, ALL_GROUPS);
    return done === 1;
  }

  /** Whether a completed rebuild is on record (false after a Redis flush). */
  async isBuilt(): Promise<boolean> {
    return (await this.redis.exists(this.keys.built)) === 1;
  }
}
