import type { TokenGrant } from '@scriptbook/platform';
import { CampaignChangedMessage } from '../announcements/campaign-change-events';
import { VersionFollower, VersionStep } from './version-follower';

/**
 * One subscription's stream of version steps, for the token it was started
 * with (`grant`). Messages that arrive before the subscription has read its
 * starting version are kept and replayed, so nothing committed between
 * registering and reading is missed.
 */
export class CampaignFeed implements AsyncIterable<VersionStep> {
  groupId: string | null = null;
  private follower: VersionFollower | null = null;
  private readonly early: CampaignChangedMessage[] = [];
  private readonly ready: VersionStep[] = [];
  private failure: Error | null = null;
  private ended = false;
  private wake: (() => void) | null = null;

  constructor(
    readonly campaignId: string,
    readonly grant: TokenGrant,
  ) {}

  get playerId(): string {
    return this.grant.playerId;
  }

  get started(): boolean {
    return this.follower !== null;
  }

  get hasGap(): boolean {
    return this.follower?.hasGap ?? false;
  }

  /** Begins at the version the database gave; the first step reports it as is. */
  start(groupId: string, version: number): void {
    this.groupId = groupId;
    this.follower = new VersionFollower(version);
    this.emit([{ fromVersion: version, version }]);
    for (const message of this.early.splice(0)) this.accept(message);
  }

  accept(message: CampaignChangedMessage): void {
    if (!this.follower) this.early.push(message);
    else this.emit(this.follower.accept(message));
  }

  catchUp(version: number): void {
    if (this.follower) this.emit(this.follower.catchUp(version));
  }

  /** Ends the stream with an error the subscriber receives. */
  fail(error: Error): void {
    this.failure ??= error;
    this.signal();
  }

  end(): void {
    this.ended = true;
    this.signal();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<VersionStep> {
    for (;;) {
      if (this.failure) throw this.failure;
      const step = this.ready.shift();
      if (step) {
        yield step;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private emit(steps: VersionStep[]): void {
    if (steps.length === 0) return;
    this.ready.push(...steps);
    this.signal();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
