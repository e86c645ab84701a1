import { BoundedMap } from '@scriptbook/platform';
import type { PushTarget, PushWrite } from './push-statements';

/** Campaign rows one replica remembers for pushes; each is a campaign row's columns and a few devices' seqs. */
const ROWS_KEPT = 10_000;
/**
 * How long a remembered row is offered. Correctness never depends on it (the
 * write checks the row's `xmin`); it keeps rows that are no longer pushed to
 * from being tried, and keeps a remembered `xmin` far younger than the
 * 2^32 transactions after which Postgres hands out the same id again.
 */
const MAX_AGE_MS = 10 * 60_000;

/** A campaign row as committed at one `xmin`, and the seqs of the devices this replica knows at that same row version. */
interface KnownRow {
  readonly target: Omit<PushTarget, 'state' | 'lastSeq'>;
  /** The state as the row holds it (JSON), parsed afresh for each push so no decision shares objects with another. */
  readonly stateJson: string | null;
  readonly seqs: Map<string, number>;
  readonly expiresAt: number;
}

/**
 * What a campaigns replica knows of the campaigns it was pushed to lately, so
 * a device pushing again to the same replica costs one round trip to
 * Postgres (the conditional write) instead of two (the read, then the write).
 *
 * A remembered row is only ever a guess: the write that follows applies only
 * while the campaign row's `xmin` is still the one remembered, which is what
 * makes a push's plain read safe as well (push-statements.ts). A device's
 * `last_seq` changes only in a write that also updates its campaign row, so
 * the seqs known at one `xmin` hold as long as the row is at that `xmin`.
 * When the guess is wrong (another replica, an undo, an archive wrote the row
 * since), the write writes nothing and the push reads the row as before.
 * Announcements of changes made elsewhere drop a row, so a replica that
 * was not the last to write a campaign does not try a stale guess first.
 */
export class PushTargetCache {
  private readonly rows = new BoundedMap<string, KnownRow>(ROWS_KEPT);

  constructor(private readonly now: () => number = Date.now) {}

  /** The campaign as this replica last knew it, with this device's seq, or null when it knows neither. */
  get(campaignId: string, clientId: string): PushTarget | null {
    const known = this.rows.get(campaignId);
    if (!known || known.expiresAt <= this.now()) return null;
    const lastSeq = known.seqs.get(clientId);
    if (lastSeq === undefined) return null;
    return { ...known.target, state: known.stateJson === null ? null : (JSON.parse(known.stateJson) as object), lastSeq };
  }

  /** A push read `target` (with `clientId`'s seq) from the database. */
  read(target: PushTarget, clientId: string): void {
    const known = this.rows.get(target.id);
    const seqs = known && known.target.rowVersion === target.rowVersion ? known.seqs : new Map<string, number>();
    seqs.set(clientId, target.lastSeq);
    this.remember(target, target.state === null ? null : JSON.stringify(target.state), seqs);
  }

  /** A push decided from `before` wrote `write`, and the campaign row is now at `rowVersion`. */
  wrote(before: PushTarget, write: PushWrite, rowVersion: string): void {
    const known = this.rows.get(before.id);
    // The other devices' seqs were true at `before`'s row version, and the write applied only at that version.
    const seqs = new Map(known && known.target.rowVersion === before.rowVersion ? known.seqs : []);
    seqs.set(write.clientId, write.lastSeq);
    const stateJson = write.applied.length > 0 ? JSON.stringify(write.state) : before.state === null ? null : JSON.stringify(before.state);
    this.remember({ ...before, version: write.version, rowVersion }, stateJson, seqs);
  }

  /** A change of the campaign up to `version` was announced: a row remembered at an older version is no longer the campaign. */
  heard(campaignId: string, version: number): void {
    const known = this.rows.get(campaignId);
    if (known && known.target.version < version) this.rows.delete(campaignId);
  }

  forget(campaignId: string): void {
    this.rows.delete(campaignId);
  }

  clear(): void {
    this.rows.clear();
  }

  private remember(target: PushTarget, stateJson: string | null, seqs: Map<string, number>): void {
    if (target.rowVersion === null) return;
    const { state: _state, lastSeq: _lastSeq, ...row } = target;
    this.rows.set(target.id, { target: row, stateJson, seqs, expiresAt: this.now() + MAX_AGE_MS });
  }
}
