import { RngState } from './rng/random';

/** One step a player can read: what happened, and the raw facts behind it. */
export interface TranscriptStep {
  readonly text: string;
  readonly die?: string;
  readonly value?: number | string;
  readonly detail?: Readonly<Record<string, unknown>>;
  /** Set when the step applies a value no rulebook prints (see `inferred.ts`): why it was read that way. */
  readonly inference?: { readonly reasoning: string };
}

/** What every procedure returns: enough to show, explain and replay it. */
export interface Resolution<T> {
  readonly result: T;
  readonly transcript: readonly TranscriptStep[];
  /** The seed the stream started from; null when it continued from a given `rngState`. */
  readonly seed: string | null;
  readonly rngState: RngState;
}

/** Collects transcript steps while a procedure runs. */
export class Transcript {
  private readonly steps: TranscriptStep[] = [];

  add(text: string, extra: Omit<TranscriptStep, 'text'> = {}): void {
    this.steps.push({ text, ...extra });
  }

  toArray(): readonly TranscriptStep[] {
    return this.steps.slice();
  }
}
