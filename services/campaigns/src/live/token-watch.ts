import { ENDED_SESSION_REASON, EXPIRED_TOKEN_REASON, playerMarkerVoids, REMOVED_PLAYER_REASON } from '@scriptbook/platform';
import type { RevocationMessage, RevokedTokenReason, TokenGrant } from '@scriptbook/platform';

/** What ends a live subscription's token while it streams: the reasons a request with that token would be refused for. */
export type TokenEnding = typeof EXPIRED_TOKEN_REASON | RevokedTokenReason;

/** Node's timers take at most this delay; a later expiry is reached in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

interface Watched {
  readonly grant: TokenGrant;
  timer?: NodeJS.Timeout;
}

/**
 * The subscriptions of one process by what can end the token each was
 * started with. Expiry needs no event: each ends at its token's `exp`.
 * Revocations come from whoever hears them (`revoked`): a session's end
 * ends the subscriptions of that session, a player's removal those of the
 * player's tokens issued up to it. Each holder is ended once, then forgotten.
 */
export class TokenWatch<T> {
  private readonly watched = new Map<T, Watched>();
  private readonly bySession = new Map<string, Set<T>>();
  private readonly byPlayer = new Map<string, Set<T>>();

  constructor(
    private readonly end: (holder: T, ending: TokenEnding) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.watched.size;
  }

  watch(holder: T, grant: TokenGrant): void {
    this.forget(holder);
    const entry: Watched = { grant };
    this.watched.set(holder, entry);
    if (grant.sessionId !== undefined) addTo(this.bySession, grant.sessionId, holder);
    addTo(this.byPlayer, grant.playerId, holder);
    this.armExpiry(holder, entry);
  }

  forget(holder: T): void {
    const entry = this.watched.get(holder);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.watched.delete(holder);
    if (entry.grant.sessionId !== undefined) removeFrom(this.bySession, entry.grant.sessionId, holder);
    removeFrom(this.byPlayer, entry.grant.playerId, holder);
  }

  revoked(revocation: RevocationMessage): void {
    if ('sessions' in revocation) {
      for (const sessionId of revocation.sessions) for (const holder of [...(this.bySession.get(sessionId) ?? [])]) this.finish(holder, ENDED_SESSION_REASON);
      return;
    }
    for (const holder of [...(this.byPlayer.get(revocation.player) ?? [])]) {
      if (playerMarkerVoids(revocation.upTo, this.watched.get(holder)!.grant.issuedAt)) this.finish(holder, REMOVED_PLAYER_REASON);
    }
  }

  /** Every holder with its grant, for a check that cannot rely on hearing each revocation. */
  entries(): [T, TokenGrant][] {
    return [...this.watched].map(([holder, entry]) => [holder, entry.grant]);
  }

  /** Ends `holder` for `ending`, once. */
  finish(holder: T, ending: TokenEnding): void {
    if (!this.watched.has(holder)) return;
    this.forget(holder);
    this.end(holder, ending);
  }

  private armExpiry(holder: T, entry: Watched): void {
    const left = entry.grant.expiresAtMs - this.now();
    if (left <= 0) return this.finish(holder, EXPIRED_TOKEN_REASON);
    entry.timer = setTimeout(() => this.armExpiry(holder, entry), Math.min(left, LONGEST_TIMER_MS));
    // A subscription's expiry alone must not keep a stopping process alive.
    entry.timer.unref();
  }
}

function addTo<T>(index: Map<string, Set<T>>, key: string, holder: T): void {
  const set = index.get(key) ?? new Set<T>();
  set.add(holder);
  index.set(key, set);
}

function removeFrom<T>(index: Map<string, Set<T>>, key: string, holder: T): void {
  const set = index.get(key);
  set?.delete(holder);
  if (set?.size === 0) index.delete(key);
}
