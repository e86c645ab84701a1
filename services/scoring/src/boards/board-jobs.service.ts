import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectQueue, TypedQueue } from '@scriptbook/platform';
import { JobsService } from '../jobs/jobs.service';
import { ZsBoardJobPayload, zsBoardJobsQueue } from './board-jobs.queue';

@Injectable()
export class BoardJobsService {
  constructor(
    @InjectQueue(zsBoardJobsQueue) private readonly queue: TypedQueue<ZsBoardJobPayload>,
    private readonly jobs: JobsService,
  ) {}

  /** One rebuild at a time: asking while one waits or runs joins it, and the asker may follow it. */
  async requestRebuild(requestedBy: string): Promise<string> {
    const jobId = await this.queue.add('zs-boards-rebuild', { kind: 'rebuild', requestedBy }, { jobId: randomUUID(), deduplication: { id: 'zs-boards-rebuild' } });
    await this.jobs.grant(jobId, requestedBy);
    return jobId;
  }
}
