import { z } from 'zod';
import { AnyProcedureDescriptor, ProcedureDescriptor, Resolution, RngState } from '@scriptbook/rules-engine';

/**
 * One of the rules engine's setup procedures a campaign can start from, and
 * how its result fills the campaign's state. The procedure itself (its input
 * schema, its checks, its draws) stays the engine's: a campaign only maps
 * the result, so the setup is described once.
 */
export interface CampaignSetup<S = unknown> {
  readonly procedure: AnyProcedureDescriptor;
  /** The state the campaign starts from, given the resolution; `rngState` is where the setup left the stream. */
  readonly toState: (resolution: Resolution<unknown>) => S;
}

/** Declares a setup with the procedure's own result type, so the mapping is checked against the descriptor's schema. */
export function campaignSetup<R extends z.ZodTypeAny, S>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  procedure: ProcedureDescriptor<any, R, any>,
  toState: (result: z.output<R>, rngState: RngState) => S,
): CampaignSetup<S> {
  return { procedure, toState: (resolution) => toState(resolution.result as z.output<R>, resolution.rngState) };
}
