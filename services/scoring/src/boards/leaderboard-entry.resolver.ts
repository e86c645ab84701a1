import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { RequestContext, requestLoader } from '@scriptbook/platform';
import { ResultsService } from '../results/results.service';
import { ZoneSurvivalResult } from '../results/zone-survival-result.model';
import { LeaderboardEntry } from './leaderboard.model';

@Resolver(() => LeaderboardEntry)
export class LeaderboardEntryResolver {
  constructor(private readonly results: ResultsService) {}

  @ResolveField(() => ZoneSurvivalResult, { nullable: true, description: 'The result that set this score; null only if it was removed since.' })
  result(@Parent() entry: LeaderboardEntry, @Context() context: RequestContext): Promise<ZoneSurvivalResult | null> | null {
    if (!entry.resultId) return null;
    const loader = requestLoader<string, ZoneSurvivalResult | null>(context, 'zs-results', async (ids) => {
      const found = await this.results.byIds(ids);
      return ids.map((id) => found.get(id) ?? null);
    });
    return loader.load(entry.resultId);
  }
}
