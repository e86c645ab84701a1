import type { Clock, TimerHandle } from '../clock';
import { NetworkError, NotSignedInError, retryAdvice, ScriptbookError } from '../errors';
import type { LockAdapter } from '../session/locks';
import type { CampaignApi, PullFrom } from '../transport/campaign-api';
import { backoffDelay, BackoffPolicy } from './backoff';
import type { CampaignOutbox } from './outbox';
import { afterArchivedRefusal, afterDetails, afterPullPage, afterPush, afterRekey, afterReset, PullOutcome } from './reconcile';
import type { CampaignRecords, StoredAction } from './records';
import { INITIAL_STATUS, SyncError, SyncStatus } from './sync-status';

/** The server takes at most this many actions in one push (docs/sync.md). */
export const MAX_PUSH = 100;
/** The most changes a pull page holds. */
export const MAX_PULL = 500;
/** A pull that keeps meeting a moved copy stops after this many pages, and tries again later. */
const MAX_PAGES_PER_PULL = 1000;

export interface SyncDependencies {
  readonly campaignId: string;
  readonly gameId: string;
  readonly outbox: CampaignOutbox;
  readonly api: CampaignApi;
  readonly locks: LockAdapter;
  /** The lock one push of this campaign takes, in every tab. */
  readonly pushLock: string;
  readonly clock: Clock;
  readonly random: () => number;
  readonly backoff: BackoffPolicy;
  readonly newClientId: () => string;
  /** The records the replica holds now. */
  readonly records: () => CampaignRecords;
  /** Called with the records after every change this loop stores or reads. */
  readonly onRecords: (records: CampaignRecords) => void;
  readonly onStatus: () => void;
}

/**
 * The unhandled actions a push sends: the consecutive run after the last
 * handled seq, at most MAX_PUSH; none while the campaign is archived (the
 * server would refuse them all, and they are kept for when it is not).
 */
export function nextBatch(records: CampaignRecords): StoredAction[] {
  const batch: StoredAction[] = [];
  if (records.copy?.archived === true) return batch;
  for (const action of records.actions) {
    if (action.seq <= records.device.handledUpTo) continue;
    if (batch.length > 0 && action.seq !== batch[batch.length - 1].seq + 1) break;
    batch.push(action);
    if (batch.length === MAX_PUSH) break;
  }
  return batch;
}

function syncErrorOf(error: unknown): SyncError {
  if (error instanceof NetworkError) return { code: 'NETWORK', rule: null, field: null, message: error.message };
  if (error instanceof ScriptbookError) return { code: error.code ?? 'ERROR', rule: error.rule ?? null, field: error.field ?? null, message: error.message };
  return { code: 'CLIENT_ERROR', rule: null, field: null, message: error instanceof Error ? error.message : String(error) };
}

/** The loop waits for a reason to try again (`resume()`, a sign-in) rather than retrying by itself. */
const halted = (connection: SyncStatus['connection']) => connection === 'stopped' || connection === 'signed-out' || connection === 'deleted';

const isRefusal = (error: unknown, code: string, rule: string) => error instanceof ScriptbookError && error.code === code && error.rule === rule;

/**
 * One campaign's sync loop, the device's loop of docs/sync.md: pull and
 * apply, drop what the server handled, push what is queued (each retry the
 * same seqs for the same actions), pull again. Failures that asking again
 * can mend are retried with backoff and jitter, never sooner than the
 * server asked; the rest stop the loop with the reason in the status.
 */
export class CampaignSync {
  private state: SyncStatus = INITIAL_STATUS;
  private wantPull = true;
  private running = false;
  private closed = false;
  private failures = 0;
  private retryTimer: TimerHandle | null = null;
  /** The server asked not to be asked again before this (clock ms). */
  private notBefore = 0;
  private pollTimer: TimerHandle | null = null;
  private pollIntervalMs: number | null = null;
  private gapRecovery = false;
  private gapRefusals = 0;
  private idleWaiters: (() => void)[] = [];
  private inFlight: ReadonlySet<string> = new Set();

  constructor(private readonly deps: SyncDependencies) {}

  get status(): SyncStatus {
    return this.state;
  }

  /** The ids of the actions in the push this tab has in flight. */
  get sending(): ReadonlySet<string> {
    return this.inFlight;
  }

  /**
   * Asks the loop to run: with `pull`, it pulls first. While a retry is
   * scheduled the retry does it, unless the kick is `urgent` (the network
   * came back, a sign-in, a live event): then it runs now, though never
   * sooner than a `retryAfter` the server asked for.
   */
  kick(options: { pull?: boolean; urgent?: boolean } = {}): void {
    if (this.closed) return;
    if (options.pull) this.wantPull = true;
    if (options.urgent && halted(this.state.connection)) this.update({ connection: 'online', error: null });
    if (this.retryTimer !== null) {
      if (!options.urgent || this.deps.clock.now() < this.notBefore) return;
      this.deps.clock.clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.update({ nextRetryAt: null });
    }
    if (halted(this.state.connection)) return;
    void this.run();
  }

  /** The server was seen at `version` (a live event, a push's answer). */
  serverAt(version: number): void {
    const copyVersion = this.deps.records().copy?.version ?? 0;
    const serverVersion = Math.max(this.state.serverVersion ?? 0, version);
    this.update({ serverVersion, behind: serverVersion > copyVersion });
    if (version > copyVersion) this.kick({ pull: true, urgent: true });
  }

  setLive(live: SyncStatus['live']): void {
    this.update({ live });
    this.schedulePoll();
  }

  /** Pulls every `ms` while nothing live tells of changes; null stops it. */
  pollEvery(ms: number | null): void {
    this.pollIntervalMs = ms;
    this.schedulePoll();
  }

  /** Resolves when the run in progress, if any, has ended: done, failed (a retry may be due) or stopped. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    if (this.retryTimer !== null) this.deps.clock.clearTimeout(this.retryTimer);
    if (this.pollTimer !== null) this.deps.clock.clearTimeout(this.pollTimer);
    this.retryTimer = this.pollTimer = null;
    this.releaseIdle();
  }

  /** The records changed (this loop, another tab, an act): the status follows. */
  recordsChanged(records: CampaignRecords): void {
    const behind = this.state.serverVersion !== null && this.state.serverVersion > (records.copy?.version ?? 0);
    const archived = records.copy?.archived === true;
    if (behind !== this.state.behind || archived !== this.state.archived) this.update({ behind, archived });
  }

  private schedulePoll(): void {
    if (this.pollTimer !== null) this.deps.clock.clearTimeout(this.pollTimer);
    this.pollTimer = null;
    if (this.closed || this.pollIntervalMs === null || this.state.live === 'following') return;
    this.pollTimer = this.deps.clock.setTimeout(() => {
      this.pollTimer = null;
      this.kick({ pull: true });
      this.schedulePoll();
    }, this.pollIntervalMs);
  }

  private async run(): Promise<void> {
    if (this.running || this.closed) return;
    this.running = true;
    try {
      await this.cycle();
      this.failures = 0;
      this.update({ connection: 'online', error: null });
    } catch (error) {
      this.failed(error);
    } finally {
      this.running = false;
    }
    if (!this.closed && this.retryTimer === null && this.state.connection === 'online' && (this.wantPull || nextBatch(this.deps.records()).length > 0)) {
      void this.run();
      return;
    }
    this.releaseIdle();
  }

  private async cycle(): Promise<void> {
    while (!this.closed) {
      if (this.wantPull) {
        this.wantPull = false;
        try {
          await this.pullAll();
        } catch (error) {
          this.wantPull = true;
          throw error;
        }
        continue;
      }
      if (nextBatch(this.deps.records()).length > 0) {
        try {
          if (await this.pushOnce()) this.wantPull = true;
        } catch (error) {
          if (isRefusal(error, 'CONFLICT', 'campaign-archived')) {
            // Not a verdict on the actions: they wait, kept, until the campaign is unarchived.
            await this.heldBackByArchive();
            this.wantPull = true;
            continue;
          }
          if (!isRefusal(error, 'BAD_USER_INPUT', 'sequence-gap')) throw error;
          // The server's last seq for this device is not the one before ours: learn it, then see whether the queue must be renumbered.
          this.gapRefusals += 1;
          if (this.gapRefusals > 3) throw error;
          this.gapRecovery = true;
          this.wantPull = true;
        }
        continue;
      }
      const records = this.deps.records();
      // Handled but not yet seen: only a pull sent after the server handled them can tell applied from rejected.
      if (records.actions.some((action) => action.seq <= records.device.handledUpTo)) {
        this.wantPull = true;
        continue;
      }
      return;
    }
  }

  private async pullAll(): Promise<void> {
    this.update({ pulling: true });
    try {
      let records = this.deps.records();
      if (!records.copy) records = await this.readCopy();
      const conclusiveUpTo = records.device.handledUpTo;
      // The server tells this device's rejections with every page, so a lost push answer's reasons arrive too.
      const rejectionsOf = records.device.clientId;
      let from: PullFrom = { sinceVersion: records.copy!.version, rejectionsOf };
      let outcome: PullOutcome | null = null;
      for (let page = 0; page < MAX_PAGES_PER_PULL; page += 1) {
        let answer;
        try {
          answer = await this.deps.api.changes(this.deps.campaignId, from, MAX_PULL);
        } catch (error) {
          if (!isRefusal(error, 'CONFLICT', 'ahead-of-campaign')) throw error;
          // The copy is not one the server holds: read it anew and pull from there (docs/sync.md).
          records = await this.readCopy(true);
          from = { sinceVersion: records.copy!.version, rejectionsOf };
          continue;
        }
        const page_ = answer;
        const result = await this.deps.outbox.change((stored) => {
          const pulled = afterPullPage(stored, page_, { conclusiveUpTo, last: !page_.hasMore });
          return { records: pulled.records, result: pulled };
        });
        outcome = result.result;
        this.deps.onRecords(outcome.records);
        this.noteServer(outcome.serverVersion, outcome.records);
        if (!outcome.gap && !answer.hasMore) break;
        from =
          !outcome.gap && answer.nextCursor
            ? { sinceVersion: outcome.records.copy!.version, after: answer.nextCursor, rejectionsOf }
            : { sinceVersion: outcome.records.copy!.version, rejectionsOf };
      }
      if (outcome && this.gapRecovery) await this.recoverFromGap(outcome.serverLastSeq);
    } finally {
      this.update({ pulling: false });
    }
  }

  private async heldBackByArchive(): Promise<void> {
    const { records } = await this.deps.outbox.change((stored) => ({ records: afterArchivedRefusal(stored), result: undefined }));
    this.deps.onRecords(records);
  }

  /** Renumbers the queue under a new client id when the server has handled none of it and cannot take it as numbered. */
  private async recoverFromGap(serverLastSeq: number): Promise<void> {
    this.gapRecovery = false;
    await this.deps.locks.exclusive(this.deps.pushLock, async () => {
      const { records } = await this.deps.outbox.change((stored) => {
        const first = stored.actions[0];
        const rekey = first !== undefined && first.seq > serverLastSeq + 1 && stored.actions.every((action) => action.seq > serverLastSeq);
        return { records: rekey ? afterRekey(stored, this.deps.newClientId()) : stored, result: undefined };
      });
      this.deps.onRecords(records);
    });
  }

  private async readCopy(reset = false): Promise<CampaignRecords> {
    const copy = await this.deps.api.campaign(this.deps.campaignId);
    if (!copy) throw new ScriptbookError([{ message: `No campaign ${this.deps.campaignId} for this player`, extensions: { code: 'NOT_FOUND', field: 'id', rule: 'exists' } }]);
    if (copy.gameId !== this.deps.gameId) throw new Error(`Campaign ${this.deps.campaignId} is now a campaign of ${copy.gameId}, not ${this.deps.gameId}`);
    const details = { name: copy.name, groupId: copy.groupId, archived: Boolean(copy.archivedAt) };
    const confirmed = { gameId: copy.gameId, version: copy.version, state: copy.stateJson, ...details };
    const { records } = await this.deps.outbox.change((stored) => ({ records: reset || !stored.copy ? afterReset(stored, confirmed) : afterDetails(stored, details), result: undefined }));
    this.deps.onRecords(records);
    this.noteServer(copy.version, records);
    return records;
  }

  /** One push under the campaign's lock, from the records as stored now, so two tabs never send one action each. */
  private pushOnce(): Promise<boolean> {
    return this.deps.locks.exclusive(this.deps.pushLock, async () => {
      const stored = await this.deps.outbox.load();
      if (!stored) return false;
      this.deps.onRecords(stored);
      const batch = nextBatch(stored);
      if (batch.length === 0) return false;
      const { clientId } = stored.device;
      this.inFlight = new Set(batch.map((action) => action.id));
      this.update({ pushing: true });
      let answer;
      try {
        answer = await this.deps.api.push({ campaignId: this.deps.campaignId, clientId, actions: batch.map(({ seq, name, args }) => ({ seq, name, args })) });
      } finally {
        this.inFlight = new Set();
        this.update({ pushing: false });
      }
      this.gapRefusals = 0;
      const pushed = answer;
      const { records } = await this.deps.outbox.change((now) => ({ records: afterPush(now, clientId, batch, pushed), result: undefined }));
      this.deps.onRecords(records);
      this.noteServer(answer.version, records);
      return true;
    });
  }

  private noteServer(version: number, records: CampaignRecords): void {
    const serverVersion = Math.max(this.state.serverVersion ?? 0, version);
    this.update({ serverVersion, behind: serverVersion > (records.copy?.version ?? 0) });
  }

  private failed(error: unknown): void {
    if (this.closed) return;
    if (error instanceof NotSignedInError || (error instanceof ScriptbookError && error.code === 'UNAUTHENTICATED')) {
      this.update({ connection: 'signed-out', error: syncErrorOf(error) });
      return;
    }
    if (error instanceof ScriptbookError && error.code === 'NOT_FOUND') {
      this.update({ connection: 'deleted', error: syncErrorOf(error) });
      return;
    }
    const advice = retryAdvice(error);
    if (!advice.retry) {
      this.update({ connection: 'stopped', error: syncErrorOf(error) });
      return;
    }
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.deps.backoff, this.deps.random, advice.afterMs);
    this.notBefore = this.deps.clock.now() + advice.afterMs;
    this.update({ connection: error instanceof NetworkError ? 'offline' : 'online', nextRetryAt: this.deps.clock.now() + delay, error: syncErrorOf(error) });
    this.retryTimer = this.deps.clock.setTimeout(() => {
      this.retryTimer = null;
      this.update({ nextRetryAt: null });
      this.wantPull = true;
      void this.run();
    }, delay);
  }

  private releaseIdle(): void {
    if (this.running) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private update(change: Partial<SyncStatus>): void {
    const next = { ...this.state, ...change };
    if ((Object.keys(change) as (keyof SyncStatus)[]).every((key) => next[key] === this.state[key])) return;
    this.state = next;
    this.deps.onStatus();
  }
}
