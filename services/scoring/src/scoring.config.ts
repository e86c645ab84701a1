import { DEFAULT_PORTS, serviceConfigSchema, ServiceConfig } from '@scriptbook/platform';
import { z } from 'zod';

const scoringSettings = {
  /** Keys each daily challenge's seed; when unset, one is generated into Redis and shared by every replica. */
  DAILY_CHALLENGE_SECRET: z.string().min(32).optional(),
  /** Result submissions one player may make per minute; 0 turns the limit off. */
  SCORING_SUBMISSIONS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Player ids (comma-separated) who may moderate results and start board maintenance; empty means nobody. */
  SCORING_ADMIN_PLAYER_IDS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((id) => id.trim()).filter(Boolean)),
};

export const scoringConfigSchema = serviceConfigSchema(DEFAULT_PORTS.scoring, scoringSettings);
export const scoringWorkerConfigSchema = serviceConfigSchema(DEFAULT_PORTS['scoring-worker'], {
  /** How often the worker sweeps the board outbox for results whose entries never reached Redis. */
  SCORING_OUTBOX_SWEEP_MS: z.coerce.number().int().min(100).default(10_000),
});

export type ScoringConfig = ServiceConfig<typeof scoringConfigSchema>;
export type ScoringWorkerConfig = ServiceConfig<typeof scoringWorkerConfigSchema>;
