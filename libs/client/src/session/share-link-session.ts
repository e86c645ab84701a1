import { Keystore, memoryKeystore } from './keystore';

/** Who a spectator's client shows as signed in: nobody's account, only the link. */
export const SHARE_LINK_PLAYER = { id: 'share-link', displayName: 'Spectator', hasEmail: false } as const;

/**
 * How long the session is taken to last. A share link has no refresh token
 * and works until it is revoked, but the session times a refresh before its
 * end, and a browser fires a timer set beyond 2^31 ms (24.8 days) at once:
 * 20 days keeps the timer in range. A screen open longer is signed out and
 * opened again with the same token.
 */
export const SHARE_LINK_SESSION_MS = 20 * 24 * 3_600_000;

/**
 * A keystore in memory holding a share link's token as the session the
 * client sends on every request and in the live socket's connection_init.
 * Nothing of the link is written to the device's storage.
 */
export async function shareLinkKeystore(token: string, now: number): Promise<Keystore> {
  const keystore = memoryKeystore();
  const ends = new Date(now + SHARE_LINK_SESSION_MS).toISOString();
  const session = { accessToken: token, expiresAt: ends, refreshToken: 'none', refreshExpiresAt: ends, player: SHARE_LINK_PLAYER, obtainedAt: now };
  await keystore.set('session', JSON.stringify(session));
  return keystore;
}
