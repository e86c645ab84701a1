import { DEFAULT_PORTS, serviceConfigSchema, ServiceConfig } from '@scriptbook/platform';
import { webhookSettingsShape } from '@scriptbook/platform/webhooks';
import { z } from 'zod';

const scoringSettings = {
  /** The campaigns subgraph, from which a submission from a campaign reads the campaign's record (signed as the gateway signs). */
  CAMPAIGNS_URL: z.string().url().default(`http://127.0.0.1:${DEFAULT_PORTS.campaigns}/graphql`),
  /** Longest the campaigns subgraph may take to give a campaign's record before the submission fails with SERVICE_UNAVAILABLE. */
  SCORING_CAMPAIGNS_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Keys each daily challenge's seed; when unset, one is generated into Redis and shared by every replica. */
  DAILY_CHALLENGE_SECRET: z.string().min(32).optional(),
  /** Result submissions one player may make per minute; 0 turns the limit off. */
  SCORING_SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Player ids (comma-separated) who may moderate results and start board maintenance; empty means nobody. */
  SCORING_ADMIN_PLAYER_IDS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((id) => id.trim()).filter(Boolean)),
  /** The page cache's budget per replica, in MB of its answers' JSON bodies, held outside the heap (docs/scoring.md, "Page cache"); 0 turns it off. */
  SCORING_BOARD_CACHE_MB: z.coerce.number().min(0).default(32),
};

export const scoringConfigSchema = serviceConfigSchema(DEFAULT_PORTS.scoring, { ...scoringSettings, ...webhookSettingsShape });
export const scoringWorkerConfigSchema = serviceConfigSchema(DEFAULT_PORTS['scoring-worker'], {
  ...webhookSettingsShape,
  /** How often the worker sweeps the board outbox for results whose entries never reached Redis. */
  SCORING_OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).default(10_000),
});

export type ScoringConfig = ServiceConfig<typeof scoringConfigSchema>;
export type ScoringWorkerConfig = ServiceConfig<typeof scoringWorkerConfigSchema>;
