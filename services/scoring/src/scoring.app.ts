import { RELEASE_CATALOG } from '@scriptbook/games';
import { scoringService, scoringWorker } from './scoring-service';

export { scoringConfigSchema, scoringWorkerConfigSchema } from './scoring.config';

/** Scores and leaderboards of the release's scored games; long work goes to the scoring worker. */
export const scoringApp = scoringService('scoring', { catalog: RELEASE_CATALOG });

/** Runs scoring's queues; serves only /health and /metrics. */
export const scoringWorkerApp = scoringWorker('scoring-worker', { catalog: RELEASE_CATALOG });
