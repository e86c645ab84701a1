import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectQueue, TypedQueue } from '@scriptbook/platform';
import { JobDirectory } from '@scriptbook/platform/jobs';
import { ScoredGame } from '../games/scored-games';
import { RequestedBoardJob } from '../games/scoring-names';
import { boardJobOf, BoardJobPayload, boardJobsQueue } from './board-jobs.queue';

@Injectable()
export class BoardJobsService {
  constructor(
    @InjectQueue(boardJobsQueue) private readonly queue: TypedQueue<BoardJobPayload>,
    private readonly jobs: JobDirectory,
  ) {}

  /** Queues a game's job, or joins the one of its kind already waiting or running; the asker may follow it. */
  async request(game: ScoredGame, kind: RequestedBoardJob, requestedBy: string): Promise<string> {
    const job = boardJobOf(game, kind, requestedBy);
    const jobId = await this.queue.add(job.name, job.data, { jobId: randomUUID(), deduplication: { id: job.slot } });
    await this.jobs.record(jobId, boardJobsQueue.name, { kind: 'players', playerIds: [requestedBy] });
    return jobId;
  }
}
