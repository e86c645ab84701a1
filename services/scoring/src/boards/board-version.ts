import { gameBoardsPrefix } from './board-keys';

/**
 * One counter per game that every change to its boards raises, in the same
 * script or transaction as the change: a replica that reads the counter and
 * then the boards sees at least every change the counter counts, which is
 * what lets it keep answers by version (see board-response-cache.ts).
 * It lives beside `live-gen`, outside every generation, so a rebuild's switch
 * raises it rather than dropping it.
 */
export function boardVersionKey(prefix: string, gameId: string): string {
  return `${gameBoardsPrefix(prefix, gameId)}version`;
}

/**
 * Lua that raises the counter in `KEYS[versionKeyIndex]`. A counter Redis
 * lost (a flush) would start again at 1 and could meet a number a replica
 * still holds answers for, so a missing counter restarts at Redis's clock in
 * microseconds instead, past any number it held before.
 */
export function bumpVersionLua(versionKey: string): string {
  return `
local bumped = redis.call('INCR', ${versionKey})
if bumped == 1 then
  local now = redis.call('TIME')
  -- Built as text: Lua would print a number this large in exponent form, which INCR could not read back.
  bumped = now[1] .. string.format('%06d', tonumber(now[2]))
  redis.call('SET', ${versionKey}, bumped)
end`;
}

/** KEYS[1]: the version counter. Returns the new version. */
export const BUMP_VERSION = `${bumpVersionLua('KEYS[1]')}
return bumped`;
