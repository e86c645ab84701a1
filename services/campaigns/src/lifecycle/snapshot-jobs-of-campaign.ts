import { scanKeys, type RedisClient } from '@scriptbook/platform';
import { Queue } from 'bullmq';

/**
 * The Redis keys a campaign leaves in the snapshot queue: one BullMQ job per
 * snapshot it made due (`snapshot-<campaign>-v<version>`), kept a day when
 * done and a week when failed, each a hash with the campaign id in its name
 * and payload, plus the job's logs, and the queue's event stream entries that
 * name those jobs. BullMQ's own remove takes a job out of every list and set
 * it is in; a key left over afterwards is deleted, and so are the entries.
 */
export class SnapshotJobsOfCampaign {
  constructor(
    private readonly queue: Queue,
    private readonly redis: RedisClient,
  ) {}

  async remove(campaignId: string): Promise<void> {
    const base = this.queue.toKey('');
    const jobIds = new Set((await this.keysOf(campaignId)).map((key) => key.slice(base.length).split(':')[0]));
    for (const jobId of jobIds) await this.removeJob(jobId);
    const left = await this.keysOf(campaignId);
    if (left.length > 0) await this.redis.del(...left);
    await this.dropEventsOf(campaignId);
  }

  /**
   * The queue's event stream (BullMQ keeps its last 10,000 events: added, active, completed with the return value...)
   * names each job; the entries of this campaign's jobs go too.
   */
  private async dropEventsOf(campaignId: string): Promise<void> {
    const stream = this.queue.toKey('events');
    const jobPrefix = `snapshot-${campaignId}-v`;
    for (let start = '-'; ; ) {
      const entries = await this.redis.xrange(stream, start, '+', 'COUNT', 1000);
      const ofCampaign = entries.filter(([, fields]) => fields.some((field) => field.startsWith(jobPrefix) || field.includes(campaignId))).map(([entry]) => entry);
      if (ofCampaign.length > 0) await this.redis.xdel(stream, ...ofCampaign);
      if (entries.length < 1000) return;
      start = `(${entries[entries.length - 1][0]}`;
    }
  }

  /**
   * A job running right now is locked and cannot be removed: a snapshot takes a moment, so it is waited for. One
   * still running after that fails the purge, to be retried; the error is kept in Redis with the failed job, so it
   * names neither the job nor the campaign.
   */
  private async removeJob(jobId: string): Promise<void> {
    for (let attempt = 0; attempt < RUNNING_JOB_CHECKS; attempt++) {
      if ((await this.queue.remove(jobId)) === 1 || !(await this.queue.getJob(jobId))) return;
      await new Promise((resolve) => setTimeout(resolve, RUNNING_JOB_WAIT_MS));
    }
    throw new Error('a snapshot job of a campaign being purged is still running; the purge is retried');
  }

  private async keysOf(campaignId: string): Promise<string[]> {
    const pattern = `${globEscaped(this.queue.toKey(''))}snapshot-${globEscaped(campaignId)}-v*`;
    return scanKeys(this.redis, pattern);
  }
}

const RUNNING_JOB_CHECKS = 50;
const RUNNING_JOB_WAIT_MS = 200;

const globEscaped = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
