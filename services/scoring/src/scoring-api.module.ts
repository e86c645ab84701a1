import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, QueueModule, RedisModule, SubgraphGraphQLModule } from '@scriptbook/platform';
import { JobQueryModule } from '@scriptbook/platform/jobs/serving';
import { MembershipModule } from '@scriptbook/platform/membership';
import { zsBoardJobsQueue } from './boards/board-jobs.queue';
import { BoardJobsResolver } from './boards/board-jobs.resolver';
import { BoardJobsService } from './boards/board-jobs.service';
import { BoardsResolver } from './boards/boards.resolver';
import { BoardsService } from './boards/boards.service';
import { DailyChallengesResolver } from './challenge/daily-challenges.resolver';
import { DailyChallenges } from './challenge/daily-challenges.service';
import { leaderboardRebuildQueue } from './leaderboards/leaderboard-rebuild.queue';
import { LeaderboardsResolver } from './leaderboards/leaderboards.resolver';
import { LeaderboardsService } from './leaderboards/leaderboards.service';
import { AdminAccess } from './results/admin-access';
import { ModerationResolver } from './results/moderation.resolver';
import { ModerationService } from './results/moderation.service';
import { ResultsResolver } from './results/results.resolver';
import { ResultsService } from './results/results.service';
import { scoringPersistence } from './scoring.persistence';
import { ZoneSurvivalRules } from './zone-survival/zone-survival-rules';

@Module({
  imports: [
    SubgraphGraphQLModule(),
    PersistenceModule.forService(scoringPersistence),
    RedisModule,
    ContentLibraryModule,
    MembershipModule,
    JobQueryModule,
    QueueModule.register(leaderboardRebuildQueue, zsBoardJobsQueue),
  ],
  providers: [
    LeaderboardsService,
    LeaderboardsResolver,
    ZoneSurvivalRules,
    DailyChallenges,
    ResultsService,
    BoardsService,
    BoardJobsService,
    ResultsResolver,
    BoardsResolver,
    BoardJobsResolver,
    DailyChallengesResolver,
    AdminAccess,
    ModerationService,
    ModerationResolver,
  ],
})
export class ScoringApiModule {}
