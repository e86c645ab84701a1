import { Resolution } from '@scriptbook/rules-engine';
import { RngState, TranscriptStep } from './resolution.model';

/** The parts of every resolution a frontend needs to show and replay it. */
export interface ResolutionFields {
  seed: string | null;
  transcript: TranscriptStep[];
  rngState: RngState;
}

export function resolutionFields(resolution: Resolution<unknown>): ResolutionFields {
  return {
    seed: resolution.seed,
    rngState: { ...resolution.rngState },
    transcript: resolution.transcript.map((step) => ({
      text: step.text,
      die: step.die ?? null,
      value: step.value === undefined ? null : String(step.value),
      inferred: step.inference !== undefined,
      reasoning: step.inference?.reasoning ?? null,
    })),
  };
}
