import type { Clock } from '../clock';
import { NetworkError, NotSignedInError, ScriptbookError } from '../errors';
import {
  LinkEmailInput,
  LoginInput,
  RegisterPlayerInput,
  SdkLinkEmail,
  SdkLogin,
  SdkRefreshSession,
  SdkRegisterPlayer,
  SdkSessionFragment,
  SdkSignInWithDevice,
  SdkSignOut,
} from '../generated/operations';
import { Listeners } from '../listeners';
import { HttpOptions, postOperation } from '../transport/http';
import type { Operation } from '../transport/operation';
import { refreshMarginMs, tokenLifetimeMs } from './access-token';
import { newDeviceId, RandomBytes } from './device-id';
import type { Keystore } from './keystore';
import type { LockAdapter } from './locks';

/** A signed-in session, as every sign-in and refresh answers it. */
export type Session = SdkSessionFragment;
export type Player = Session['player'];

/** What the keystore holds: the session and when this device received it. */
interface StoredSession extends Session {
  readonly obtainedAt: number;
}

/**
 * Why the device is no longer signed in. `refresh-refused`: the server
 * refused the refresh token (`rule` `unknown`, `expired`, `ended` or
 * `reused`). `access-refused`: the server refused the access token in a way
 * no refresh can mend (`session-ended`, `player-removed`,
 * `access-token-invalid`, or none for a missing token). `signed-out`: the
 * app signed out. `signed-out-elsewhere`: another tab sharing the keystore
 * ended the session.
 */
export type SignedOutEvent =
  | { readonly reason: 'refresh-refused'; readonly rule: string | null }
  | { readonly reason: 'access-refused'; readonly rule: string | null }
  | { readonly reason: 'signed-out' }
  | { readonly reason: 'signed-out-elsewhere' };

/** `signed-in` by this device; `refreshed` by this device; `adopted` from another tab that refreshed or signed in. */
export type SessionEvent = { readonly kind: 'signed-in' | 'refreshed' | 'adopted'; readonly session: Session };

export interface SignInWithDeviceOptions {
  /** The device id; by default the one in the keystore, made (32 random bytes) and stored the first time. */
  readonly deviceId?: string;
  /** Used only when this device creates its player. */
  readonly displayName?: string;
  /** Shown in `mySessions`; remembered the first time. */
  readonly deviceName?: string;
}

export interface SessionDependencies {
  readonly http: HttpOptions;
  readonly keystore: Keystore;
  readonly locks: LockAdapter;
  readonly clock: Clock;
  readonly randomBytes: RandomBytes | null;
  /** The lock every refresh of this endpoint's session takes, in every tab. */
  readonly lockName: string;
}

/** Rules of `extensions.rule` on `authorization` that a refresh cannot mend (`share-link-revoked`: a spectator's link, which has no refresh). */
const FINAL_ACCESS_RULES = new Set(['session-ended', 'player-removed', 'access-token-invalid', 'share-link-revoked']);

function parseStored(text: string | null): StoredSession | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredSession>;
    const valid =
      typeof value.accessToken === 'string' &&
      typeof value.refreshToken === 'string' &&
      typeof value.expiresAt === 'string' &&
      typeof value.refreshExpiresAt === 'string' &&
      typeof value.obtainedAt === 'number' &&
      typeof value.player?.id === 'string';
    return valid ? (value as StoredSession) : null;
  } catch {
    return null;
  }
}

const publicSession = ({ obtainedAt: _obtainedAt, ...session }: StoredSession): Session => session;

/**
 * The device's session: signs in, keeps the tokens fresh and says when the
 * server ended them. One refresh runs at a time: in this process by a
 * shared promise, across tabs by a lock and a second look at the shared
 * keystore, since two refreshes with one token count as reuse and end the
 * session.
 */
export class SessionManager {
  private session: StoredSession | null = null;
  private inflight: Promise<StoredSession> | undefined;
  readonly changes = new Listeners<SessionEvent>();
  readonly signedOut = new Listeners<SignedOutEvent>();

  constructor(private readonly deps: SessionDependencies) {}

  /** Reads the session an earlier run kept. */
  async restore(): Promise<Session | null> {
    this.session = parseStored(await this.deps.keystore.get('session'));
    return this.current;
  }

  get current(): Session | null {
    return this.session ? publicSession(this.session) : null;
  }

  /** The device id in the keystore, made and stored on first use. */
  async deviceId(): Promise<string> {
    const kept = await this.deps.keystore.get('device-id');
    if (kept) return kept;
    if (!this.deps.randomBytes) throw new Error('No cryptographic random source on this platform: pass `randomBytes` to the client, or a `deviceId` to signInWithDevice');
    const made = newDeviceId(this.deps.randomBytes);
    await this.deps.keystore.set('device-id', made);
    return made;
  }

  async signInWithDevice(options: SignInWithDeviceOptions = {}): Promise<Session> {
    const deviceId = options.deviceId ?? (await this.deviceId());
    const input = { deviceId, ...(options.displayName !== undefined ? { displayName: options.displayName } : {}), ...(options.deviceName !== undefined ? { deviceName: options.deviceName } : {}) };
    const { signInWithDevice } = await this.anonymous(SdkSignInWithDevice, { input });
    return this.keep(signInWithDevice, 'signed-in');
  }

  async login(input: LoginInput): Promise<Session> {
    const { login } = await this.anonymous(SdkLogin, { input });
    return this.keep(login, 'signed-in');
  }

  async registerPlayer(input: RegisterPlayerInput): Promise<Session> {
    const { registerPlayer } = await this.anonymous(SdkRegisterPlayer, { input });
    return this.keep(registerPlayer, 'signed-in');
  }

  /** Gives a device-only player an email and password; the session stays, now with `hasEmail`. */
  async linkEmail(input: LinkEmailInput): Promise<Player> {
    const { linkEmail } = await this.signed(SdkLinkEmail, { input });
    if (this.session && this.session.player.id === linkEmail.id) {
      this.session = { ...this.session, player: linkEmail };
      await this.deps.keystore.set('session', JSON.stringify(this.session));
    }
    return linkEmail;
  }

  /** Ends this session on the server, then forgets it; signed out either way, as the server may already have ended it. */
  async signOut(): Promise<void> {
    const mine = this.session;
    if (!mine) return;
    try {
      await postOperation(this.deps.http, SdkSignOut, {}, mine.accessToken);
    } catch (error) {
      // An expired token is refused here; the session then ends on its own when its refresh token goes unused.
      if (!(error instanceof ScriptbookError)) throw error;
    }
    await this.forget(mine, { reason: 'signed-out' });
  }

  /** An access token to send now: refreshed first when it is about to end. */
  async accessToken(): Promise<string> {
    const mine = this.session;
    if (!mine) throw new NotSignedInError();
    if (this.deps.clock.now() < this.refreshDueAt(mine)) return mine.accessToken;
    try {
      return (await this.refresh(mine.accessToken)).accessToken;
    } catch (error) {
      // Refreshing early failed for want of a network: the old token still works until it ends.
      const endsAt = mine.obtainedAt + tokenLifetimeMs(mine.accessToken, mine.expiresAt, mine.obtainedAt);
      if (error instanceof NetworkError && this.session === mine && this.deps.clock.now() < endsAt) return mine.accessToken;
      throw error;
    }
  }

  /** When the current token should be refreshed (device clock, ms), or null when signed out. */
  get refreshDue(): number | null {
    return this.session ? this.refreshDueAt(this.session) : null;
  }

  private refreshDueAt(session: StoredSession): number {
    const lifetime = tokenLifetimeMs(session.accessToken, session.expiresAt, session.obtainedAt);
    return session.obtainedAt + lifetime - refreshMarginMs(lifetime);
  }

  /**
   * Exchanges the refresh token for a new session. `staleAccessToken` is the
   * token a refusal came back for: when the session has moved on since, the
   * current one is returned without asking the server again.
   */
  refresh(staleAccessToken?: string): Promise<Session> {
    const mine = this.session;
    if (!mine) return Promise.reject(new NotSignedInError());
    if (staleAccessToken !== undefined && mine.accessToken !== staleAccessToken) return Promise.resolve(publicSession(mine));
    this.inflight ??= this.deps.locks.exclusive(this.deps.lockName, () => this.refreshUnderLock(mine)).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight.then(publicSession);
  }

  private async refreshUnderLock(mine: StoredSession): Promise<StoredSession> {
    const shared = parseStored(await this.deps.keystore.get('session'));
    if (shared === null) {
      await this.forget(mine, { reason: 'signed-out-elsewhere' });
      throw new NotSignedInError('Signed out in another tab');
    }
    if (shared.refreshToken !== mine.refreshToken) {
      // Another tab refreshed (or signed in) while this one waited: its tokens are the live ones.
      this.session = shared;
      this.changes.emit({ kind: 'adopted', session: publicSession(shared) });
      return shared;
    }
    let answer: Session;
    try {
      answer = (await postOperation(this.deps.http, SdkRefreshSession, { refreshToken: mine.refreshToken })).refreshSession;
    } catch (error) {
      if (error instanceof ScriptbookError && error.code === 'UNAUTHENTICATED') await this.forget(mine, { reason: 'refresh-refused', rule: error.rule ?? null });
      throw error;
    }
    return this.keepStored(answer, 'refreshed');
  }

  /**
   * Runs an operation that needs the player's access token. An expired token
   * is refreshed and the operation sent once more; a refusal no refresh can
   * mend signs the device out.
   */
  async signed<R, V>(operation: Operation<R, V>, variables: V): Promise<R> {
    const token = await this.accessToken();
    try {
      return await postOperation(this.deps.http, operation, variables, token);
    } catch (error) {
      if (!(error instanceof ScriptbookError) || error.code !== 'UNAUTHENTICATED') throw error;
      if (error.field === 'authorization' && error.rule === 'access-token-expired') {
        const fresh = await this.refresh(token);
        try {
          return await postOperation(this.deps.http, operation, variables, fresh.accessToken);
        } catch (again) {
          if (again instanceof ScriptbookError && again.code === 'UNAUTHENTICATED') await this.refused(again, fresh.accessToken);
          throw again;
        }
      }
      await this.refused(error, token);
      throw error;
    }
  }

  /** Operations that need no access token are sent without one. */
  anonymous<R, V>(operation: Operation<R, V>, variables: V): Promise<R> {
    return postOperation(this.deps.http, operation, variables);
  }

  /**
   * The server refused `accessToken`. An expired one is the refresher's to
   * mend; one of a session that has moved on since is stale news; anything
   * else ends the session.
   */
  async refused(error: ScriptbookError, accessToken: string): Promise<void> {
    const mine = this.session;
    if (!mine || mine.accessToken !== accessToken) return;
    if (error.field === 'authorization' && error.rule === 'access-token-expired') return;
    if (error.field === undefined || (error.field === 'authorization' && FINAL_ACCESS_RULES.has(error.rule ?? ''))) {
      await this.forget(mine, { reason: 'access-refused', rule: error.rule ?? null });
    }
  }

  /** Ends the session `ended` locally: only that one, so a newer sign-in another tab kept is left alone. */
  private async forget(ended: StoredSession, event: SignedOutEvent): Promise<void> {
    const shared = parseStored(await this.deps.keystore.get('session'));
    if (shared && shared.refreshToken !== ended.refreshToken) {
      this.session = shared;
      this.changes.emit({ kind: 'adopted', session: publicSession(shared) });
      return;
    }
    if (shared) await this.deps.keystore.delete('session');
    if (this.session?.refreshToken !== ended.refreshToken) return;
    this.session = null;
    this.signedOut.emit(event);
  }

  private async keep(session: Session, kind: SessionEvent['kind']): Promise<Session> {
    return publicSession(await this.keepStored(session, kind));
  }

  /** Stores the new refresh token before the new access token is used: the old one no longer works. */
  private async keepStored(session: Session, kind: SessionEvent['kind']): Promise<StoredSession> {
    const stored: StoredSession = { ...session, obtainedAt: this.deps.clock.now() };
    await this.deps.keystore.set('session', JSON.stringify(stored));
    this.session = stored;
    this.changes.emit({ kind, session: publicSession(stored) });
    return stored;
  }
}
