import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

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

@ObjectType({ description: 'A background job and its progress; visible only to the players who asked for it.' })
export class BackgroundJob {
  @Field(() => ID, { description: 'A random UUID: pass it to `job(id)` to follow the job.' })
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
