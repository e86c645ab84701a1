import type { JsonValue } from '../json';
import type { DurableStore, StoreSnapshot } from '../store/durable-store';
import { CampaignRecords, campaignKeys, ConfirmedCopy, DeviceRecord, newDevice, SettledAction, StoredAction, StoredRejection } from './records';

/**
 * One campaign's records in the durable store. Every change is one store
 * transaction that reads the records, runs a pure step on them and writes
 * back only what the step changed: an action is written once, when queued.
 */
export class CampaignOutbox {
  private readonly keys: ReturnType<typeof campaignKeys>;

  constructor(
    private readonly store: DurableStore,
    readonly campaignId: string,
    private readonly makeClientId: () => string,
  ) {
    this.keys = campaignKeys(campaignId);
  }

  /** Whether `key` is one of this campaign's. */
  owns(key: string): boolean {
    return key.startsWith(this.keys.root);
  }

  async load(): Promise<CampaignRecords | null> {
    const snapshot = await this.store.read({ prefixes: [this.keys.root] });
    return snapshot.has(this.keys.device) ? this.recordsOf(snapshot) : null;
  }

  /** The records, creating the device's client id on first use and keeping `copy` when there is none yet. */
  async open(copy: ConfirmedCopy | null): Promise<CampaignRecords> {
    return this.change((records) => ({ records: records.copy || !copy ? records : { ...records, copy }, result: undefined })).then(({ records }) => records);
  }

  /** Removes every record of the campaign: the device forgets it. */
  async discard(): Promise<void> {
    await this.store.update({ prefixes: [this.keys.root] }, (snapshot) => ({ delete: [...snapshot.keys()], result: undefined }));
  }

  /** Runs `step` on the stored records as one transaction and stores what it changed. */
  async change<T>(step: (records: CampaignRecords) => { records: CampaignRecords; result: T }): Promise<{ records: CampaignRecords; result: T }> {
    return this.store.update({ prefixes: [this.keys.root] }, (snapshot) => {
      const before = this.recordsOf(snapshot);
      const stepped = step(before);
      const { put, remove } = this.writes(before, stepped.records, !snapshot.has(this.keys.device));
      if (put.size === 0 && remove.length === 0) return { result: { records: before, result: stepped.result } };
      const records = { ...stepped.records, device: { ...stepped.records.device, revision: before.device.revision + 1 } };
      put.set(this.keys.device, records.device as unknown as JsonValue);
      return { put, delete: remove, result: { records, result: stepped.result } };
    });
  }

  private recordsOf(snapshot: StoreSnapshot): CampaignRecords {
    const actions: StoredAction[] = [];
    for (const [key, value] of snapshot) if (key.startsWith(this.keys.actionsPrefix)) actions.push(value as unknown as StoredAction);
    return {
      copy: (snapshot.get(this.keys.copy) as unknown as ConfirmedCopy | undefined) ?? null,
      device: (snapshot.get(this.keys.device) as unknown as DeviceRecord | undefined) ?? newDevice(this.makeClientId()),
      actions: actions.sort((a, b) => a.seq - b.seq),
      rejections: (snapshot.get(this.keys.rejections) as unknown as StoredRejection[] | undefined) ?? [],
      settled: (snapshot.get(this.keys.settled) as unknown as SettledAction[] | undefined) ?? [],
    };
  }

  private writes(before: CampaignRecords, after: CampaignRecords, deviceIsNew: boolean): { put: Map<string, JsonValue>; remove: string[] } {
    const put = new Map<string, JsonValue>();
    const remove: string[] = [];
    const json = (value: unknown) => value as JsonValue;
    if (after.copy && after.copy !== before.copy) put.set(this.keys.copy, json(after.copy));
    if (after.device !== before.device || deviceIsNew) put.set(this.keys.device, json(after.device));
    if (after.rejections !== before.rejections) put.set(this.keys.rejections, json(after.rejections));
    if (after.settled !== before.settled) put.set(this.keys.settled, json(after.settled));
    const kept = new Map(after.actions.map((action) => [action.seq, action]));
    for (const action of before.actions) {
      const now = kept.get(action.seq);
      if (!now) remove.push(this.keys.action(action.seq));
    }
    const old = new Map(before.actions.map((action) => [action.seq, action]));
    for (const action of after.actions) if (old.get(action.seq) !== action) put.set(this.keys.action(action.seq), json(action));
    return { put, remove };
  }
}
