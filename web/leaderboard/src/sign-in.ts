import { graphql } from './api.js';
import { ME, PlayerRef, SIGN_IN_WITH_DEVICE } from './operations.js';

/**
 * The reader's sign-in, kept in this browser's localStorage: either a
 * device id this page drew (so `signInWithDevice` can sign in again when
 * the short-lived access token expires) or an access token pasted from
 * another app (used until it expires, then the reader pastes a new one).
 */
export interface StoredSignIn {
  readonly token: string;
  readonly player: PlayerRef;
  readonly deviceId?: string;
}

const STORAGE_KEY = 'scriptbook.leaderboard.sign-in';
const DEVICE_NAME = 'Leaderboard page';

export function storedSignIn(): StoredSignIn | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredSignIn | null;
    return stored && typeof stored.token === 'string' && stored.player ? stored : null;
  } catch {
    return null;
  }
}

function store(signIn: StoredSignIn): StoredSignIn {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(signIn));
  return signIn;
}

/** Forgets the token; a device id stays, so signing in again on this browser is the same player. */
export function forgetSignIn(): void {
  const stored = storedSignIn();
  localStorage.removeItem(STORAGE_KEY);
  if (stored?.deviceId) localStorage.setItem(`${STORAGE_KEY}.device`, stored.deviceId);
}

/** 32 random bytes in base64url without padding: the 43 characters `SignInWithDeviceInput.deviceId` asks for. */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Signs this browser in as a device: the first time creates a player named `displayName`. Throws the API's error message. */
export async function signInWithDevice(displayName: string, deviceId?: string): Promise<StoredSignIn> {
  const id = deviceId ?? localStorage.getItem(`${STORAGE_KEY}.device`) ?? newDeviceId();
  const input: Record<string, string> = { deviceId: id, deviceName: DEVICE_NAME };
  if (displayName.trim()) input.displayName = displayName.trim();
  const answer = await graphql<{ signInWithDevice: { accessToken: string; player: PlayerRef } | null }>(SIGN_IN_WITH_DEVICE, { input });
  const payload = answer.data?.signInWithDevice;
  if (!payload) throw answer.errors[0] ?? new Error('sign-in gave no token');
  localStorage.removeItem(`${STORAGE_KEY}.device`);
  return store({ token: payload.accessToken, player: payload.player, deviceId: id });
}

/** Checks a pasted access token with `me` and keeps it. */
export async function signInWithToken(token: string): Promise<StoredSignIn> {
  const answer = await graphql<{ me: PlayerRef | null }>(ME, {}, token.trim());
  const me = answer.data?.me;
  if (!me) throw answer.errors[0] ?? { message: 'That token signs no one in.', extensions: { code: 'UNAUTHENTICATED' } };
  return store({ token: token.trim(), player: me });
}

/** After an UNAUTHENTICATED answer: a device sign-in renews itself, a pasted token cannot. */
export async function renewSignIn(current: StoredSignIn): Promise<StoredSignIn | null> {
  if (!current.deviceId) {
    localStorage.removeItem(STORAGE_KEY);
    return null;
  }
  return signInWithDevice('', current.deviceId);
}
