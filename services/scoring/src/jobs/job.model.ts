import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum JobState {
  WAITING = 'WAITING',
  DELAYED = 'DELAYED',
  ACTIVE = 'ACTIVE',
  COMPLETED = 'COMPLETED',
  FAILED = 'FAILED',
  UNKNOWN = 'UNKNOWN',
}
registerEnumType(JobState, { name: 'JobState', description: 'Where a background job stands.' });

@ObjectType({ description: 'A background job and its progress.' })
export class BackgroundJob {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'What the job does, e.g. `leaderboard-rebuild`.' })
  kind!: string;

  @Field(() => JobState)
  state!: JobState;

  @Field(() => Int, { description: '0 to 100.' })
  progress!: number;

  @Field(() => Int, { description: 'Attempts made so far; failed attempts are retried with backoff.' })
  attemptsMade!: number;

  @Field(() => String, { nullable: true })
  failedReason!: string | null;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}
