import { Resolution } from '@scriptbook/rules-engine';
import { RngState, TranscriptStep } from './resolution.model';

/** The parts of every resolution a frontend needs to show and replay it. */
export interface ResolutionFields {
  seed: string;
  transcript: TranscriptStep[];
  rngState: RngState;
}

export function resolutionFields(resolution: Resolution<unknown>): ResolutionFields {
  return {
    // Every resolution the subgraph serves today starts from a seed; continuing streams arrive with the descriptors.
    seed: resolution.seed ?? '',
    rngState: { ...resolution.rngState },
    transcript: resolution.transcript.map((step) => ({
      text: step.text,
      die: step.die ?? null,
      value: step.value === undefined ? null : String(step.value),
    })),
  };
}
