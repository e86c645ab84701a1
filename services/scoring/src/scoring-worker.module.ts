import { Module } from '@nestjs/common';
import { PersistenceModule, QueueModule, RedisModule } from '@scriptbook/platform';
import { BoardJobsProcessor } from './boards/board-jobs.processor';
import { zsBoardJobsQueue } from './boards/board-jobs.queue';
import { LeaderboardRebuildProcessor } from './leaderboards/leaderboard-rebuild.processor';
import { GameResultEntity } from './results/game-result.entity';
import { scoringPersistence } from './scoring.persistence';

/** The scoring worker: processors only, no GraphQL. Migrations are the API's to run. */
@Module({
  imports: [
    PersistenceModule.forService({ ...scoringPersistence, runMigrations: false }),
    PersistenceModule.repositories(GameResultEntity),
    RedisModule,
    QueueModule.register(zsBoardJobsQueue),
  ],
  providers: [LeaderboardRebuildProcessor, BoardJobsProcessor],
})
export class ScoringWorkerModule {}
