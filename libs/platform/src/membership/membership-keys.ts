/** A player's standing in a group. A group has exactly one OWNER. */
export type MembershipRole = 'OWNER' | 'MEMBER';

export const MEMBERSHIP_ROLES: readonly MembershipRole[] = ['OWNER', 'MEMBER'];

const PERSONAL_GROUP_PREFIX = 'personal-';

/**
 * The id of a player's personal group, derived from the player id alone so a
 * subgraph can name it (a campaign created without a group goes there)
 * without asking accounts. Accounts creates the row under this id on first use.
 */
export function personalGroupId(playerId: string): string {
  return `${PERSONAL_GROUP_PREFIX}${playerId}`;
}

/** The player whose personal group this is, or null for a shared group. */
export function personalGroupOwner(groupId: string): string | null {
  return groupId.startsWith(PERSONAL_GROUP_PREFIX) && groupId.length > PERSONAL_GROUP_PREFIX.length
    ? groupId.slice(PERSONAL_GROUP_PREFIX.length)
    : null;
}

/**
 * Where the membership read model lives in Redis. Accounts writes it, every
 * other subgraph reads it; both sides build key names here so they agree.
 */
export interface MembershipKeys {
  /** Hash: player id -> role, plus `_v`, the group's membership version. */
  group(groupId: string): string;
  /** Set of the ids of the shared groups a player belongs to. */
  player(playerId: string): string;
  /** Prefix of `player(...)`, for the write script. */
  readonly playerPrefix: string;
  /** Present once a full rebuild has completed; absent after a flush. */
  readonly built: string;
  /** Set while a full rebuild runs, so a flush in the middle is noticed. */
  readonly rebuilding: string;
  /** Pub/sub channel: a group id whose membership changed, or `*` for all. */
  readonly changes: string;
}

/** The field of a group hash that holds its version; player ids never start with `_`. */
export const VERSION_FIELD = '_v';

/** Published on the changes channel when every group may have changed. */
export const ALL_GROUPS = '*';

/**
 * Every membership key shares one hash tag: the write script derives each
 * member's player key itself, which a Redis Cluster allows only within one
 * slot. So the read model is one slot of a cluster, a small one (a set per
 * player and a hash per group).
 */
export function membershipKeys(redisPrefix: string): MembershipKeys {
  const base = `{${redisPrefix}:membership}`;
  return {
    group: (groupId) => `${base}:group:${groupId}`,
    player: (playerId) => `${base}:player:${playerId}`,
    playerPrefix: `${base}:player:`,
    built: `${base}:built`,
    rebuilding: `${base}:rebuilding`,
    changes: `${base}:changes`,
  };
}
