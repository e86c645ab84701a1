import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/**
 * What a subgraph other than the one serving `job(id)` returns for a job it
 * started: `{ id }` alone. The gateway fetches the job's fields from the
 * serving subgraph, whose reference resolver applies the job's audience.
 * Record the job in the JobDirectory before returning it, or every caller
 * gets NOT_FOUND.
 */
@ObjectType('BackgroundJob', { description: 'A background job; its fields come from the subgraph that serves `job(id)`.' })
@Directive('@key(fields: "id", resolvable: false)')
export class BackgroundJobReference {
  @Field(() => ID, { description: 'The job id: pass it to `job(id)` to follow the job.' })
  id!: string;
}
