import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, QueueModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { JobsService } from './jobs/jobs.service';
import { leaderboardRebuildQueue } from './leaderboards/leaderboard-rebuild.queue';
import { LeaderboardsResolver } from './leaderboards/leaderboards.resolver';
import { LeaderboardsService } from './leaderboards/leaderboards.service';
import { scoringPersistence } from './scoring.persistence';

@Module({
  imports: [
    SubgraphGraphQLModule(),
    PersistenceModule.forService(scoringPersistence),
    RedisModule,
    ContentLibraryModule,
    QueueModule.register(leaderboardRebuildQueue),
  ],
  providers: [LeaderboardsService, JobsService, LeaderboardsResolver],
})
export class ScoringApiModule {}
