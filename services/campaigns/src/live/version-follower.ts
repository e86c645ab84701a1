import { CampaignChangedMessage } from '../announcements/campaign-change-events';

/** What a follower hands to its subscriber: the versions from `fromVersion` (exclusive) to `version`. */
export interface VersionStep {
  readonly fromVersion: number;
  readonly version: number;
}

/**
 * Keeps one subscriber's versions contiguous. Replicas publish after their
 * own commits, so two pushes that commit back to back can be announced in
 * either order, and a message can be lost while Redis reconnects. Messages
 * that skip ahead wait here until the missing ones arrive; `hasGap` tells
 * the owner to stop waiting and ask the database instead (`catchUp`).
 */
export class VersionFollower {
  private readonly pending = new Map<number, number>();

  constructor(private delivered: number) {}

  get version(): number {
    return this.delivered;
  }

  get hasGap(): boolean {
    return this.pending.size > 0;
  }

  /** The steps that can be delivered now, in order; none while a gap remains. */
  accept(message: Pick<CampaignChangedMessage, 'fromVersion' | 'version'>): VersionStep[] {
    if (message.version <= this.delivered) return [];
    const known = this.pending.get(message.fromVersion);
    if (known === undefined || known < message.version) this.pending.set(message.fromVersion, message.version);
    return this.drain();
  }

  /** The database says the campaign is at `version`: one step over whatever was missed. */
  catchUp(version: number): VersionStep[] {
    const steps: VersionStep[] = [];
    if (version > this.delivered) {
      steps.push({ fromVersion: this.delivered, version });
      this.delivered = version;
    }
    return [...steps, ...this.drain()];
  }

  private drain(): VersionStep[] {
    const steps: VersionStep[] = [];
    for (;;) {
      for (const [from, to] of [...this.pending]) if (to <= this.delivered) this.pending.delete(from);
      // A message starting inside what was delivered still carries the versions after it.
      const next = [...this.pending].find(([from]) => from <= this.delivered);
      if (!next) return steps;
      this.pending.delete(next[0]);
      steps.push({ fromVersion: this.delivered, version: next[1] });
      this.delivered = next[1];
    }
  }
}
