import type { CampaignModel } from '@scriptbook/campaign-model';
import { zodIssueField, zodIssueRule } from '@scriptbook/schema';
import { actionOf } from '@scriptbook/campaign-model';
import { ActionInputError, ScriptbookError } from '../errors';
import { isJsonObject, JsonObject, jsonBytes } from '../json';
import type { DurableStore } from '../store/durable-store';
import type { CampaignApi, CampaignChange, HistoryPage } from '../transport/campaign-api';
import type { CampaignAtVersion, LifecycleApi } from '../transport/lifecycle-api';
import { CampaignSync, SyncDependencies } from './campaign-sync';
import type { CampaignOutbox } from './outbox';
import { ActionProblem, applyLocally, QueuedIntent, rebase } from './rebase';
import { afterDetails, afterDismiss, afterEnqueue } from './reconcile';
import type { CampaignRecords } from './records';
import type { CampaignSnapshot, LocalCatalogAction, PendingAction, QueuedAction, Rejection, Verdict } from './replica-types';

/** The server refuses args over this many bytes as JSON (rule `args-size`). */
export const MAX_ARGS_BYTES = 8192;

export interface ReplicaDependencies extends Omit<SyncDependencies, 'records' | 'onRecords' | 'onStatus'> {
  readonly model: CampaignModel;
  readonly store: DurableStore;
  readonly newActionId: () => string;
  readonly lifecycle: LifecycleApi;
  /** A spectator's replica (a read-only share link): it reads and follows, and refuses every action on the device. */
  readonly readOnly?: boolean;
  /** Told when the replica closes. */
  readonly onClose?: () => void;
}

const refusal = (code: string, field: string, rule: string, message: string) => new ScriptbookError([{ message, extensions: { code, field, rule } }]);

/**
 * A device's copy of one campaign: the confirmed state and version, the
 * actions still pending, the rejections, and the optimistic state the
 * player sees, computed by the game's own campaign code. `act` shows an
 * action at once and resolves once it is in the durable outbox; the sync
 * loop behind it sends it and later tells the server's verdict.
 */
export class CampaignReplica<S = unknown> {
  private records: CampaignRecords;
  private unsaved: QueuedIntent[] = [];
  private optimisticState: unknown;
  private problems: ReadonlyMap<string, ActionProblem> = new Map();
  private builtFrom: { version: number; order: readonly string[] };
  private snapshot: CampaignSnapshot<S> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, (verdict: Verdict) => void>();
  private readonly sync: CampaignSync;
  private readonly unwatch: () => void;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private closed = false;

  /** @internal Opened by `client.campaign(id)`: its dependencies are the client's wiring, not the app's. */
  constructor(
    private readonly deps: ReplicaDependencies,
    records: CampaignRecords,
  ) {
    if (!records.copy) throw new Error('A replica starts from a copy of the campaign');
    this.records = records;
    const built = rebase(deps.model, records.copy.state, records.actions);
    this.optimisticState = built.state;
    this.problems = built.problems;
    this.builtFrom = { version: records.copy.version, order: records.actions.map((action) => action.id) };
    this.sync = new CampaignSync({
      ...deps,
      records: () => this.records,
      onRecords: (next) => this.adopt(next),
      onStatus: () => this.changed(),
    });
    this.sync.recordsChanged(records);
    this.unwatch = deps.store.watch((keys) => {
      if (keys.some((key) => deps.outbox.owns(key))) void this.reload();
    });
    this.sync.kick({ pull: true });
  }

  get id(): string {
    return this.deps.campaignId;
  }

  get gameId(): string {
    return this.deps.gameId;
  }

  /** The current snapshot: the same object until something in it changes (what React's `useSyncExternalStore` wants). */
  getSnapshot = (): CampaignSnapshot<S> => {
    this.snapshot ??= this.buildSnapshot();
    return this.snapshot;
  };

  /** Calls `listener` after every change of the snapshot; returns the function that stops it. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The game's actions as the device's model has them, for menus and forms. */
  catalog(): readonly LocalCatalogAction[] {
    return this.deps.model.actions.map((action) => ({ name: action.name, description: action.description, example: action.example, exampleAfter: action.exampleAfter ?? [] }));
  }

  /** What `act` would refuse at once (an unknown name, args that break the action's schema, args too large), or null. */
  check(name: string, args: JsonObject = {}): ActionInputError | null {
    const action = actionOf(this.deps.model, name);
    if (!action) return new ActionInputError('name', 'unknown-action', `${name} is not an action of ${this.deps.gameId}`);
    if (!isJsonObject(args)) return new ActionInputError('args', 'type', 'args must be an object');
    const bytes = jsonBytes(args);
    if (bytes > MAX_ARGS_BYTES) return new ActionInputError('args', 'args-size', `args take ${bytes} bytes; at most ${MAX_ARGS_BYTES}`);
    const parsed = action.args.safeParse(args);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    const field = zodIssueField(issue, 'args');
    return new ActionInputError(field, zodIssueRule(issue), `${field}: ${issue.message}`);
  }

  /**
   * Queues an action: refused at once (an `ActionInputError`, nothing
   * queued) when its args do not fit; otherwise shown in the optimistic
   * state before this returns, and resolved once it is in the durable
   * outbox, with the promise of the server's verdict.
   */
  act(name: string, args: JsonObject = {}): Promise<QueuedAction> {
    if (this.closed) return Promise.reject(new Error('This campaign replica is closed'));
    if (this.deps.readOnly) return Promise.reject(refusal('FORBIDDEN', 'authorization', 'share-link-scope', 'A read-only share link follows the campaign and cannot act on it'));
    if (this.records.copy?.archived === true) {
      // The device knows the campaign is read-only: say so now rather than queue what cannot go through.
      return Promise.reject(refusal('CONFLICT', 'campaignId', 'campaign-archived', 'The campaign is archived: unarchive it to act again'));
    }
    const refused = this.check(name, args);
    if (refused) return Promise.reject(refused);
    const id = this.deps.newActionId();
    const applied = applyLocally(this.deps.model, this.optimisticState, name, args);
    this.unsaved = [...this.unsaved, { id, name, args }];
    this.optimisticState = applied.state;
    if (applied.problem) this.problems = new Map(this.problems).set(id, applied.problem);
    this.builtFrom = { ...this.builtFrom, order: [...this.builtFrom.order, id] };
    const verdict = new Promise<Verdict>((resolve) => this.waiters.set(id, resolve));
    this.changed();
    return this.deps.outbox
      .change((records) => {
        const queued = afterEnqueue(records, id, name, args);
        return { records: queued.records, result: queued.action };
      })
      .then(
        ({ records, result: action }) => {
          this.unsaved = this.unsaved.filter((intent) => intent.id !== id);
          this.adopt(records);
          this.sync.kick();
          return { id, seq: action.seq, name, args, verdict };
        },
        (error: unknown) => {
          // Not in the outbox, so not shown either.
          this.unsaved = this.unsaved.filter((intent) => intent.id !== id);
          this.waiters.delete(id);
          this.rebuild();
          this.changed();
          throw error;
        },
      );
  }

  /** Takes back the change that made `version` (docs/sync.md, Undo); needs the server. */
  async undo(version: number): Promise<CampaignChange> {
    const change = await this.deps.api.undo(this.deps.campaignId, version);
    this.sync.serverAt(change.version);
    return change;
  }

  /**
   * Takes the campaign back to its state at `version` with one compensating
   * change (docs/sync.md, Revert; online). The replica pulls it as any other
   * change and rebases what is queued on the reverted state. Refusals as
   * there: a `CONFLICT` with the game's rule and `blockingVersions` in the
   * error's extensions where a change after `version` is never undone.
   */
  async revertTo(version: number): Promise<CampaignChange> {
    const change = await this.deps.lifecycle.revertTo(this.deps.campaignId, version);
    this.sync.serverAt(change.version);
    return change;
  }

  /** The campaign's state as it stood at `version` (time travel; online): to show an entry of the history as the table saw it. */
  at(version: number): Promise<CampaignAtVersion | null> {
    return this.deps.lifecycle.at(this.deps.campaignId, version);
  }

  /**
   * Closes the replica and forgets the campaign on this device: its copy,
   * its queue, its rejections. For a campaign that is gone (`deleted`) and
   * will not be restored; what was queued is lost with it.
   */
  async discard(): Promise<void> {
    this.close();
    await this.deps.outbox.discard();
  }

  /** Applied actions and undos, newest first; `after` is the `next` of the previous page. */
  history(options: { first?: number; after?: string | null } = {}): Promise<HistoryPage> {
    return this.deps.api.history(this.deps.campaignId, options.first ?? 20, options.after ?? null);
  }

  /** The player has seen the rejection; it goes. */
  async dismissRejection(id: string): Promise<void> {
    const { records } = await this.deps.outbox.change((stored) => ({ records: afterDismiss(stored, id), result: undefined }));
    this.adopt(records);
  }

  /** Pulls and pushes now, and resolves when that run has ended (done, failed or stopped: see `sync` in the snapshot). */
  async syncNow(): Promise<void> {
    this.sync.kick({ pull: true, urgent: true });
    await this.sync.idle();
  }

  /**
   * @internal A lifecycle operation of this client answered: the copy takes
   * the campaign's name, group and archive at once (an unarchive lets the
   * queue go), and the pull brings the entry it recorded.
   */
  lifecycleAnswered(campaign: { readonly name: string; readonly groupId: string; readonly archivedAt: string | null; readonly version: number }): void {
    if (this.closed) return;
    const details = { name: campaign.name, groupId: campaign.groupId, archived: Boolean(campaign.archivedAt) };
    void this.deps.outbox
      .change((stored) => ({ records: afterDetails(stored, details), result: undefined }))
      .then(({ records }) => {
        if (this.closed) return;
        this.adopt(records);
        this.sync.serverAt(campaign.version);
        this.sync.kick({ pull: true, urgent: true });
      })
      .catch(() => undefined);
  }

  /** @internal The live module's report on this campaign. */
  liveEvent(version: number): void {
    this.sync.serverAt(version);
  }

  /** @internal */
  setLive(live: CampaignSnapshot['sync']['live']): void {
    this.sync.setLive(live);
  }

  /** @internal */
  pollEvery(ms: number | null): void {
    this.sync.pollEvery(ms);
  }

  /** A reason to try now (back online, signed in again): retries at once, unless the server asked to wait. */
  resume(): void {
    this.sync.kick({ pull: true, urgent: true });
  }

  /** Stops syncing and following; what is queued stays in the outbox for the next time the campaign is opened. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sync.close();
    this.unwatch();
    this.listeners.clear();
    this.deps.onClose?.();
  }

  /** Another tab changed the records: read them again (once more if they change meanwhile). */
  private async reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        const records = await this.deps.outbox.load().catch(() => null);
        if (records && !this.closed) {
          this.adopt(records);
          this.sync.kick();
        }
      } while (this.reloadAgain && !this.closed);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  /** New records, from this tab's own transaction or a read: older ones than held are ignored. */
  private adopt(records: CampaignRecords): void {
    if (!records.copy || records.device.revision < this.records.device.revision) return;
    this.records = records;
    this.settleVerdicts();
    const order = [...records.actions.map((action) => action.id), ...this.unsaved.map((intent) => intent.id)];
    const same = order.length === this.builtFrom.order.length && order.every((id, i) => id === this.builtFrom.order[i]);
    if (!same || records.copy.version !== this.builtFrom.version) this.rebuild();
    this.sync.recordsChanged(records);
    this.changed();
  }

  private rebuild(): void {
    const copy = this.records.copy!;
    const built = rebase(this.deps.model, copy.state, [...this.records.actions, ...this.unsaved]);
    this.optimisticState = built.state;
    this.problems = built.problems;
    this.builtFrom = { version: copy.version, order: [...this.records.actions.map((action) => action.id), ...this.unsaved.map((intent) => intent.id)] };
  }

  private settleVerdicts(): void {
    if (this.waiters.size === 0) return;
    const present = new Set([...this.records.actions.map((action) => action.id), ...this.unsaved.map((intent) => intent.id)]);
    for (const [id, resolve] of [...this.waiters]) {
      if (present.has(id)) continue;
      this.waiters.delete(id);
      const rejection = this.records.rejections.find((entry) => entry.id === id);
      const settled = this.records.settled.find((entry) => entry.id === id);
      if (rejection) resolve({ outcome: 'rejected', rejection: { ...rejection } });
      else if (settled?.outcome === 'applied') resolve({ outcome: 'applied', version: settled.version });
      else resolve({ outcome: 'unknown' });
    }
  }

  private changed(): void {
    this.snapshot = null;
    for (const listener of [...this.listeners]) listener();
  }

  private buildSnapshot(): CampaignSnapshot<S> {
    const { copy, device, actions, rejections } = this.records;
    const sending = this.sync.sending;
    const pending: PendingAction[] = actions.map((action) => ({
      id: action.id,
      seq: action.seq,
      name: action.name,
      args: action.args,
      status: sending.has(action.id) ? 'sending' : action.seq <= device.handledUpTo ? 'confirming' : 'queued',
      conflict: this.problems.get(action.id) ?? null,
    }));
    for (const intent of this.unsaved) pending.push({ id: intent.id, seq: null, name: intent.name, args: intent.args, status: 'saving', conflict: this.problems.get(intent.id) ?? null });
    return {
      id: this.deps.campaignId,
      gameId: this.deps.gameId,
      campaign: { name: copy!.name ?? null, groupId: copy!.groupId ?? null, archived: copy!.archived === true, readOnly: this.deps.readOnly === true },
      confirmed: { version: copy!.version, state: copy!.state as S },
      optimistic: this.optimisticState as S,
      pending,
      rejections: rejections.map((rejection): Rejection => ({ ...rejection })),
      sync: this.sync.status,
    };
  }
}
