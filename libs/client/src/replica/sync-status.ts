/**
 * Where a replica's sync stands, for the app to show.
 *
 * - `connection`: `online` when the last request got an answer; `offline`
 *   when it got none (the replica retries with backoff, `nextRetryAt`);
 *   `signed-out` while there is no session (it resumes on sign-in);
 *   `stopped` when the server refused in a way retrying cannot mend
 *   (`error` says how); `deleted` when the server answers the campaign
 *   `NOT_FOUND` (deleted, or no longer in one of the player's groups: the
 *   server answers both alike). Both keep the outbox; `resume()` (or
 *   `client.restoreCampaign`) tries again, `discard()` forgets it.
 * - `archived`: the campaign is archived, so it is read-only: pushes wait
 *   (the queue is kept) until a pull or a live event shows it unarchived,
 *   and `act` is refused at once.
 * - `behind`: the server holds versions this device has not pulled yet.
 * - `live`: `following` while a live subscription tells of every change;
 *   `connecting` while one is being opened; `off` without one (the replica
 *   then pulls every `pollIntervalMs`).
 */
export interface SyncStatus {
  readonly connection: 'online' | 'offline' | 'signed-out' | 'stopped' | 'deleted';
  readonly behind: boolean;
  /** The campaign is archived: read-only, pushes held back, the queue kept. */
  readonly archived: boolean;
  /** The newest version the server was seen at. */
  readonly serverVersion: number | null;
  readonly live: 'off' | 'connecting' | 'following';
  readonly pushing: boolean;
  readonly pulling: boolean;
  /** When the next attempt after a failure is due (the client's clock, ms). */
  readonly nextRetryAt: number | null;
  readonly error: SyncError | null;
}

export interface SyncError {
  readonly code: string;
  readonly rule: string | null;
  readonly field: string | null;
  readonly message: string;
}

export const INITIAL_STATUS: SyncStatus = {
  connection: 'online',
  behind: false,
  archived: false,
  serverVersion: null,
  live: 'off',
  pushing: false,
  pulling: false,
  nextRetryAt: null,
  error: null,
};
