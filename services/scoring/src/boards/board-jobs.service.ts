import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectQueue, TypedQueue } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { ZsBoardJobPayload, zsBoardJobsQueue } from './board-jobs.queue';

export type RequestedBoardJob = Exclude<ZsBoardJobPayload['kind'], 'outbox-sweep'>;

@Injectable()
export class BoardJobsService {
  constructor(
    @InjectQueue(zsBoardJobsQueue) private readonly queue: TypedQueue<ZsBoardJobPayload>,
    private readonly jobs: JobDirectory,
  ) {}

  /**
   * One job of a kind at a time: asking while one waits or runs joins it, and
   * the asker may follow it. Rebuild and rescore share one slot, since a
   * rescore ends with a rebuild and the two would only race each other.
   */
  async request(kind: RequestedBoardJob, requestedBy: string): Promise<string> {
    const slot = kind === 'season-rollover' ? 'zs-season-rollover' : 'zs-boards-rewrite';
    const jobId = await this.queue.add(`zs-boards-${kind}`, { kind, requestedBy }, { jobId: randomUUID(), deduplication: { id: slot } });
    await this.jobs.record(jobId, zsBoardJobsQueue.name, { kind: 'players', playerIds: [requestedBy] });
    return jobId;
  }
}
