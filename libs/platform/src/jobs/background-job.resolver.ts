import { Args, Context, ID, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer, playerOf, RequestContext } from '../auth/current-player.decorator';
import { requestLoader } from '../graphql/request-loaders';
import { BackgroundJob, toBackgroundJob } from './background-job.model';
import { JobDirectory } from './job-directory';

@Resolver(() => BackgroundJob)
export class BackgroundJobResolver {
  constructor(private readonly directory: JobDirectory) {}

  @Query(() => BackgroundJob, {
    nullable: true,
    description:
      'A background job of any service, for its audience: the players who asked for it, or, for a job that works for a group ' +
      '(an envelope opening, say), the current members of that group. NOT_FOUND for anyone else, for a caller without a token, ' +
      'for a player who has left the group, for an id that never existed and once the job has expired (a day after it completed, a week after it failed).',
  })
  job(
    @CurrentPlayer({ optional: true }) player: AuthenticatedPlayer | null,
    @Args('id', { type: () => ID, description: 'The id a job-starting mutation returned (`requestLeaderboardRebuild`, say).' }) id: string,
  ): Promise<BackgroundJob> {
    return this.directory.find(id, player).then(toBackgroundJob);
  }

  /**
   * What `_entities` answers for a job another subgraph returned by id: the
   * same rule as `job(id)`, so a job is never readable through a reference
   * by someone who could not read it directly. Each refused reference is
   * null with its own NOT_FOUND.
   */
  @ResolveReference()
  resolveReference(@Parent() reference: { id: string }, @Context() context: RequestContext): Promise<BackgroundJob> {
    const viewer = playerOf(context, { optional: true });
    return requestLoader<string, BackgroundJob>(context, 'background-jobs', async (ids) =>
      (await this.directory.visible(ids, viewer)).map((found) => (found instanceof Error ? found : toBackgroundJob(found))),
    ).load(reference.id);
  }
}
