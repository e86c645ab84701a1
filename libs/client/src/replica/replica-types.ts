import type { JsonObject } from '../json';
import type { ActionProblem } from './rebase';
import type { SyncStatus } from './sync-status';

/**
 * An action the device made that the server has not yet been seen to
 * apply or reject. Its status:
 *
 * - `saving`: shown already, being written to the outbox (no seq yet);
 * - `queued`: in the outbox, with its seq, waiting to be sent;
 * - `sending`: in a push this tab has in flight;
 * - `confirming`: the server has handled it; the pull that shows whether
 *   it applied is under way.
 *
 * `conflict` is set when the campaign's own rules refuse it on the state it
 * is shown on: the server will reject it too unless another device's change
 * arrives first and makes room (Water added before it is spent, say).
 */
export interface PendingAction {
  readonly id: string;
  readonly seq: number | null;
  readonly name: string;
  readonly args: JsonObject;
  readonly status: 'saving' | 'queued' | 'sending' | 'confirming';
  readonly conflict: ActionProblem | null;
}

/**
 * An action the server handled without applying it, kept until the app
 * dismisses it: its code (`BAD_USER_INPUT`, `NOT_FOUND`, `CONFLICT`), rule,
 * field and reason, as docs/sync.md lists them. When the answer that said
 * why was lost and the server does not keep rejections, `reasonKnown` is
 * false, the code `UNKNOWN` and the rule `reason-lost`.
 */
export interface Rejection {
  readonly id: string;
  readonly seq: number;
  readonly name: string;
  readonly args: JsonObject;
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
  readonly reasonKnown: boolean;
}

/**
 * What the server did with an action: `applied` (with the version its
 * change made, for undo), `rejected`, or `unknown` when the device's copy
 * had to be read anew from the server and the change that would tell lies
 * before it.
 */
export type Verdict =
  | { readonly outcome: 'applied'; readonly version: number | null }
  | { readonly outcome: 'rejected'; readonly rejection: Rejection }
  | { readonly outcome: 'unknown' };

/** What `act` resolves to once the action is in the durable outbox. */
export interface QueuedAction {
  readonly id: string;
  readonly seq: number;
  readonly name: string;
  readonly args: JsonObject;
  /** Settles when the server's verdict is known; never rejects. */
  readonly verdict: Promise<Verdict>;
}

/** Everything a screen shows of a campaign, as one immutable value that changes identity when anything in it changes. */
export interface CampaignSnapshot<S = unknown> {
  readonly id: string;
  readonly gameId: string;
  readonly campaign: CampaignDetails;
  /** The state at the last version the device pulled, as every device will see it. */
  readonly confirmed: { readonly version: number; readonly state: S };
  /** The confirmed state with the pending actions applied, in order, by the game's own rules. */
  readonly optimistic: S;
  readonly pending: readonly PendingAction[];
  readonly rejections: readonly Rejection[];
  readonly sync: SyncStatus;
}

/** One action of the game's catalog, as the device's own model has it (no network needed). */
export interface LocalCatalogAction {
  readonly name: string;
  readonly description: string;
  readonly example: unknown;
  readonly exampleAfter: readonly string[];
}

/**
 * What the device knows of the campaign beside its state: its name and
 * group as the last read or lifecycle entry of its log said (null until
 * one has, for a copy kept by an older release), whether it is archived
 * (read-only: `act` is refused and pushes wait), and whether this replica
 * is a spectator's (a read-only share link).
 */
export interface CampaignDetails {
  readonly name: string | null;
  readonly groupId: string | null;
  readonly archived: boolean;
  readonly readOnly: boolean;
}
