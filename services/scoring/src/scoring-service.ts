import { DynamicModule, MiddlewareConsumer, Module, NestModule, RequestMethod, Type } from '@nestjs/common';
import { DEFAULT_PACKS_DIR } from '@scriptbook/content';
import { GameHostModule } from '@scriptbook/game-host';
import { GameCatalog, RELEASE_CATALOG } from '@scriptbook/games';
import { PersistenceModule, QueueModule, RedisModule, ServiceDefinition, SubgraphGraphQLModule } from '@scriptbook/platform';
import { JobQueryModule } from '@scriptbook/platform/jobs/serving';
import { MembershipModule } from '@scriptbook/platform/membership';
import { BoardAnswers } from './boards/board-answers';
import { BoardAnswersAhead } from './boards/board-answers-ahead';
import { BoardJobsProcessor } from './boards/board-jobs.processor';
import { boardJobsQueue } from './boards/board-jobs.queue';
import { boardJobsResolver } from './boards/board-jobs.resolver';
import { BoardJobsService } from './boards/board-jobs.service';
import { BoardResponseCachePlugin } from './boards/board-response-cache.plugin';
import { boardsResolver } from './boards/boards.resolver';
import { BoardsService } from './boards/boards.service';
import { GameBoards } from './boards/game-boards';
import { leaderboardRebuildResolver } from './boards/leaderboard-rebuild.resolver';
import { CampaignRecords } from './campaigns/campaign-records';
import { dailyChallengesResolver } from './challenge/daily-challenges.resolver';
import { DailyChallenges } from './challenge/daily-challenges.service';
import { ScoredGames } from './games/scored-games';
import { scoringTypesOf } from './games/scoring-types';
import { AdminAccess } from './results/admin-access';
import { CampaignResultsService } from './results/campaign-results.service';
import { moderationResolver } from './results/moderation.resolver';
import { ModerationService } from './results/moderation.service';
import { resultsResolver } from './results/results.resolver';
import { ResultsService } from './results/results.service';
import { scoringConfigSchema, scoringWorkerConfigSchema } from './scoring.config';
import { scoringPersistence } from './scoring.persistence';
import { scoringWebhooksApi, scoringWebhooksWorker } from './webhooks/scoring-webhooks';
import { TopEntryWatch } from './webhooks/top-entry-watch';

/** The games a scoring service serves and, unless the release's own, where their content packs are. */
export interface ScoringSource {
  readonly catalog: GameCatalog;
  readonly packsDir?: string;
}

function gameHost(source: ScoringSource): DynamicModule {
  if (source.catalog === RELEASE_CATALOG && source.packsDir === undefined) return GameHostModule.forRelease();
  return GameHostModule.forGames(source.catalog, { packsDir: source.packsDir ?? DEFAULT_PACKS_DIR });
}

/** Every resolver of a scoring subgraph over a catalog: each scored game's, then the deprecated board rebuild. */
export function scoringResolvers(catalog: GameCatalog): Type<unknown>[] {
  const games = catalog.scoringGames();
  const scored = games.map((game) => scoringTypesOf(game.id, game.scoring));
  const perGame = games.flatMap((game, i) => {
    const types = scored[i];
    return [resultsResolver(types), boardsResolver(types, game.scoring.verifiedWhen, game.scoring.campaign?.recordGives ?? null), dailyChallengesResolver(types), boardJobsResolver(types), moderationResolver(types)];
  });
  return scored.length > 0 ? [...perGame, leaderboardRebuildResolver(scored)] : perGame;
}

/**
 * A scoring subgraph for the games of `source`: results, boards, the daily
 * challenge and the board jobs of each game its catalog scores, every type
 * and field made from the games' scoring parts. Long work goes to the
 * scoring worker of the same catalog.
 */
export function scoringService(name: string, source: ScoringSource): ServiceDefinition<typeof scoringConfigSchema> {
  @Module({
    imports: [
      SubgraphGraphQLModule(),
      PersistenceModule.forService(scoringPersistence),
      RedisModule,
      gameHost(source),
      MembershipModule,
      JobQueryModule,
      QueueModule.register(boardJobsQueue),
      ...scoringWebhooksApi(),
    ],
    providers: [
      ScoredGames,
      GameBoards,
      DailyChallenges,
      ResultsService,
      CampaignRecords,
      CampaignResultsService,
      BoardsService,
      BoardAnswers,
      BoardResponseCachePlugin,
      BoardJobsService,
      AdminAccess,
      ModerationService,
      ...scoringResolvers(source.catalog),
    ],
  })
  class ScoringApiModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      // After the platform's gateway signature check on /graphql, which Nest applies first (its module is global).
      consumer.apply(BoardAnswersAhead).forRoutes({ path: 'graphql', method: RequestMethod.POST });
    }
  }

  return { name, module: ScoringApiModule, configSchema: scoringConfigSchema };
}

/** The worker of a scoring service: board jobs only, no GraphQL. Migrations are the API's to run. */
export function scoringWorker(name: string, source: ScoringSource): ServiceDefinition<typeof scoringWorkerConfigSchema> {
  @Module({
    imports: [PersistenceModule.forService({ ...scoringPersistence, runMigrations: false }), RedisModule, gameHost(source), QueueModule.register(boardJobsQueue), MembershipModule, ...scoringWebhooksWorker()],
    providers: [ScoredGames, BoardJobsProcessor, TopEntryWatch],
  })
  class ScoringWorkerModule {}

  return { name, module: ScoringWorkerModule, configSchema: scoringWorkerConfigSchema };
}
