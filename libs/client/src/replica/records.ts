import type { JsonObject, JsonValue } from '../json';

/**
 * What the device keeps of one campaign, durably. The outbox is the source
 * of truth: every tab's replica is a view of these records, rebuilt from
 * the store whenever any tab changes them.
 */
export interface CampaignRecords {
  /** The state at the last version this device holds; null before the first read. */
  readonly copy: ConfirmedCopy | null;
  readonly device: DeviceRecord;
  /** The actions the server has not yet been seen to apply or reject, by seq. */
  readonly actions: readonly StoredAction[];
  /** Actions the server handled without applying them, until the app dismisses them. */
  readonly rejections: readonly StoredRejection[];
  /** The outcome of the latest settled actions, so every tab learns the verdicts of its own. */
  readonly settled: readonly SettledAction[];
}

export interface ConfirmedCopy {
  readonly gameId: string;
  readonly version: number;
  readonly state: JsonValue;
  /**
   * The campaign's name, group and whether it is archived, as the last read
   * or lifecycle entry said (replica/lifecycle.ts). Absent in copies an
   * older release kept, until the next read or lifecycle entry.
   */
  readonly name?: string;
  readonly groupId?: string;
  readonly archived?: boolean;
}

export interface DeviceRecord {
  /** This device's client id for the campaign, chosen once (docs/sync.md). */
  readonly clientId: string;
  /** The seq the next queued action gets. */
  readonly nextSeq: number;
  /** Every seq up to here the server has handled, applied or rejected (a push's or a pull's `lastSeq`). */
  readonly handledUpTo: number;
  /**
   * Seqs up to here were queued before the copy was replaced from
   * `campaign(id)`: the changes that would show they applied may lie before
   * the new copy, so a handled one not seen is not known to be rejected.
   */
  readonly uncertainUpTo: number;
  /** One more with every stored change of the campaign's records, so a tab never takes an older read for news. */
  readonly revision: number;
}

export interface StoredAction {
  /** Stable for the action's life, even if it has to be queued again under a new client id. */
  readonly id: string;
  readonly seq: number;
  readonly name: string;
  readonly args: JsonObject;
}

export interface SettledAction {
  readonly id: string;
  readonly outcome: 'applied' | 'unknown';
  /** The version its change produced, when it applied. */
  readonly version: number | null;
}

export interface StoredRejection {
  readonly id: string;
  readonly seq: number;
  readonly name: string;
  readonly args: JsonObject;
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
  /** False when the server handled the action without applying it and the answer that said why was lost. */
  readonly reasonKnown: boolean;
}

/** How many settled outcomes are kept: enough for every tab to hear of its own. */
export const SETTLED_KEPT = 1000;

export function newDevice(clientId: string): DeviceRecord {
  return { clientId, nextSeq: 1, handledUpTo: 0, uncertainUpTo: 0, revision: 0 };
}

/** Keys of one campaign's records in the store. */
export function campaignKeys(campaignId: string) {
  const root = `sb1/campaign/${encodeURIComponent(campaignId)}/`;
  return {
    root,
    copy: `${root}copy`,
    device: `${root}device`,
    rejections: `${root}rejections`,
    settled: `${root}settled`,
    actionsPrefix: `${root}action/`,
    action: (seq: number) => `${root}action/${String(seq).padStart(10, '0')}`,
  };
}
