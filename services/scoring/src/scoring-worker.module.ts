import { Module } from '@nestjs/common';
import { ContentLibraryModule } from '@scriptbook/content';
import { PersistenceModule, QueueModule, RedisModule } from '@scriptbook/platform';
import { BoardJobsProcessor } from './boards/board-jobs.processor';
import { zsBoardJobsQueue } from './boards/board-jobs.queue';
import { LeaderboardRebuildProcessor } from './leaderboards/leaderboard-rebuild.processor';
import { GameResultEntity } from './results/game-result.entity';
import { scoringPersistence } from './scoring.persistence';
import { ZoneSurvivalRules } from './zone-survival/zone-survival-rules';

/** The scoring worker: processors only, no GraphQL. Migrations are the API's to run. */
@Module({
  imports: [
    PersistenceModule.forService({ ...scoringPersistence, runMigrations: false }),
    PersistenceModule.repositories(GameResultEntity),
    RedisModule,
    ContentLibraryModule,
    QueueModule.register(zsBoardJobsQueue),
  ],
  providers: [LeaderboardRebuildProcessor, BoardJobsProcessor, ZoneSurvivalRules],
})
export class ScoringWorkerModule {}
