import { ServiceDefinition } from '@scriptbook/platform';
import { ScoringApiModule } from './scoring-api.module';
import { scoringConfigSchema, scoringWorkerConfigSchema } from './scoring.config';
import { ScoringWorkerModule } from './scoring-worker.module';

export { scoringConfigSchema, scoringWorkerConfigSchema } from './scoring.config';

/** Scores and leaderboards; long work goes to the scoring worker. */
export const scoringApp: ServiceDefinition<typeof scoringConfigSchema> = {
  name: 'scoring',
  module: ScoringApiModule,
  configSchema: scoringConfigSchema,
};

/** Runs scoring's queues; serves only /health and /metrics. */
export const scoringWorkerApp: ServiceDefinition<typeof scoringWorkerConfigSchema> = {
  name: 'scoring-worker',
  module: ScoringWorkerModule,
  configSchema: scoringWorkerConfigSchema,
};
