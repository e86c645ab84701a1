import { Module } from '@nestjs/common';
import { PersistenceModule, RedisModule } from '@scriptbook/platform';
import { LeaderboardRebuildProcessor } from './leaderboards/leaderboard-rebuild.processor';
import { GameResultEntity } from './results/game-result.entity';
import { scoringPersistence } from './scoring.persistence';

/** The scoring worker: processors only, no GraphQL. Migrations are the API's to run. */
@Module({
  imports: [
    PersistenceModule.forService({ ...scoringPersistence, runMigrations: false }),
    PersistenceModule.repositories(GameResultEntity),
    RedisModule,
  ],
  providers: [LeaderboardRebuildProcessor],
})
export class ScoringWorkerModule {}
