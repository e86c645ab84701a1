import { Directive, Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { JobStatus } from '../queues/typed-queue';

export enum JobState {
  WAITING = 'WAITING',
  DELAYED = 'DELAYED',
  ACTIVE = 'ACTIVE',
  COMPLETED = 'COMPLETED',
  FAILED = 'FAILED',
  UNKNOWN = 'UNKNOWN',
}
registerEnumType(JobState, {
  name: 'JobState',
  description: 'Where a background job stands.',
  valuesMap: {
    WAITING: { description: 'Queued; a worker has not picked it up yet.' },
    DELAYED: { description: 'Waiting out a backoff before its next attempt, after a failed one.' },
    ACTIVE: { description: 'A worker is running it; `progress` moves.' },
    COMPLETED: { description: 'Done; `progress` is 100 and `finishedAt` is set.' },
    FAILED: { description: 'Gave up after its last attempt; `failedReason` says why.' },
    UNKNOWN: { description: 'The queue reports a state this API does not know; poll again.' },
  },
});

/**
 * The one public shape of a job of any queue. It is an entity so that any
 * subgraph can return a job it started (`unlockJob: BackgroundJob`) by id,
 * and the subgraph serving `job(id)` fills in the rest under the same rule.
 */
@ObjectType({
  description:
    'A background job and its progress. Visible only to its audience: the players who asked for it, or, for a job that works for a group, ' +
    'the current members of that group. Anyone else gets NOT_FOUND.',
})
@Directive('@key(fields: "id")')
export class BackgroundJob {
  @Field(() => ID, { description: 'The job id: pass it to `job(id)` to follow the job.' })
  id!: string;

  @Field({ description: 'What the job does, e.g. `leaderboard-rebuild`.' })
  kind!: string;

  @Field(() => JobState, { description: 'Where the job stands now.' })
  state!: JobState;

  @Field(() => Int, { description: '0 to 100.' })
  progress!: number;

  @Field(() => Int, { description: 'Attempts made so far; failed attempts are retried with backoff.' })
  attemptsMade!: number;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed; null unless one did.' })
  failedReason!: string | null;

  @Field({ description: 'When the job was queued.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the job completed or finally failed; null while it waits or runs.' })
  finishedAt!: Date | null;
}

const STATES: Record<string, JobState> = {
  waiting: JobState.WAITING,
  prioritized: JobState.WAITING,
  'waiting-children': JobState.WAITING,
  delayed: JobState.DELAYED,
  active: JobState.ACTIVE,
  completed: JobState.COMPLETED,
  failed: JobState.FAILED,
};

export function toBackgroundJob(status: JobStatus): BackgroundJob {
  return {
    id: status.id,
    kind: status.name,
    state: STATES[status.state] ?? JobState.UNKNOWN,
    progress: Math.round(status.progress),
    attemptsMade: status.attemptsMade,
    failedReason: status.failedReason,
    createdAt: status.createdAt,
    finishedAt: status.finishedAt,
  };
}
