import { z } from 'zod';
import { contentRef } from '@scriptbook/rules-engine';
import { RuleInputError } from '@scriptbook/rules-engine';
import { Inferable, inferable, inferred, printed } from '@scriptbook/rules-engine';
import { named } from '@scriptbook/rules-engine';
import { TranscriptStep } from '@scriptbook/rules-engine';

/**
 * Seed 000 names the Scenario tracks but leaves their spaces to the backs of
 * the Scenario sheets, which it does not reproduce. So a track's ends are
 * either given by the table (read off the sheet) or inferred, and a result
 * always says which.
 */

export const trackEndsInputSchema = named(
  'TalesTrackEnds',
  z
    .object({
      min: z.number().int().optional().describe("The track's lowest printed space, read off the Scenario sheet."),
      max: z.number().int().optional().describe("The track's highest printed space, read off the Scenario sheet."),
    })
    .describe(
      "The ends of a track as printed on the back of its Scenario sheet, which rulebook 000 does not reproduce. Leave an end out to use the engine's reading (see the result's `lowest` and `highest`).",
    ),
);

export type TrackEndsInput = z.output<typeof trackEndsInputSchema>;

export const trackEndSchema = inferable(
  'TalesTrackEnd',
  z.number().int().describe('The number of the end space.'),
  'One end of a track: its space, and whether the engine read it from the rulebook (inferred) rather than the table giving it from the Scenario sheet.',
);

export type TrackEnd = Inferable<number>;

export const trackStateSchema = named(
  'TalesTrackState',
  z
    .object({
      trackId: contentRef('ContentItem', 'The track as a content item; its gaps say what the rulebook leaves out.'),
      value: z.number().int().describe('Where the token stands after the procedure.'),
      lowest: trackEndSchema.nullable().describe('The lowest space the token can reach; null when nothing is known of it.'),
      highest: trackEndSchema.nullable().describe('The highest space the token can reach; null when the rulebook prints none and the table gave none, so no cap was applied.'),
      stoppedAtEnd: z.boolean().describe('True when a move would have taken the token past an end and it stopped there instead; the Scenario sheet may say what that means.'),
    })
    .describe('A Scenario track after the procedure, with the ends that bounded it.'),
);

export type TrackState = z.output<typeof trackStateSchema>;

export interface TrackEnds {
  readonly lowest: TrackEnd | null;
  readonly highest: TrackEnd | null;
}

/**
 * No track in seed 000 shows a space below "0": the Suspicions tracks start
 * on "0", the Tolerance rows end at "0", Cover and Condition start at 4 and 3.
 * A token cannot leave its track, so 0 is read as the floor when the sheet's
 * printed end is not given. This is a reading, and results say so.
 */
export function zeroFloorReasoning(track: string): string {
  return `Seed 000 does not reproduce the ${track} (it is on the back of the Scenario sheet). A token cannot move past the end of its track and no track in seed 000 shows a space below "0", so the lowest space is read as 0; give the track's min to use the printed end.`;
}

/** The ends of one track: what the table gave, else a floor of 0 read from the seed, and no top. */
export function trackEnds(given: TrackEndsInput | undefined, trackName: string, field: string): TrackEnds {
  if (given?.min !== undefined && given.max !== undefined && given.max < given.min) {
    throw new RuleInputError(`${field}.max`, 'range', `${field}.max must not be lower than ${field}.min`);
  }
  return {
    lowest: given?.min !== undefined ? printed(given.min) : inferred(0, zeroFloorReasoning(trackName)),
    highest: given?.max !== undefined ? printed(given.max) : null,
  };
}

/** Refuses a starting value off the track: the token cannot be there. */
export function requireOnTrack(value: number, ends: TrackEnds, field: string): void {
  const { lowest, highest } = ends;
  if ((lowest && value < lowest.value) || (highest && value > highest.value)) {
    const range = `${lowest ? lowest.value : 'any'} to ${highest ? highest.value : 'any'}`;
    throw new RuleInputError(field, 'range', `${field} must be on the track (${range}), got ${value}`);
  }
}

/** Moves a token and stops it at an end, reporting the end it stopped at. */
export function moveOnTrack(value: number, change: number, ends: TrackEnds): { readonly value: number; readonly stoppedAt: TrackEnd | null } {
  const wanted = value + change;
  if (ends.lowest && wanted < ends.lowest.value) return { value: ends.lowest.value, stoppedAt: ends.lowest };
  if (ends.highest && wanted > ends.highest.value) return { value: ends.highest.value, stoppedAt: ends.highest };
  return { value: wanted, stoppedAt: null };
}

/** What a transcript step that moved a token adds: a note when it stopped, and the inference when that end was read, not given. */
export function stopStep(stoppedAt: TrackEnd | null): { readonly note: string; readonly extra: Omit<TranscriptStep, 'text'> } {
  if (!stoppedAt) return { note: '', extra: {} };
  const note = ` — the token stops at the end of the track (${stoppedAt.value})`;
  return { note, extra: stoppedAt.inferred && stoppedAt.reasoning ? { inference: { reasoning: stoppedAt.reasoning } } : {} };
}

/** A token on a track while a procedure moves it; remembers whether any move hit an end. */
export class TrackToken {
  private stopped = false;
  constructor(
    private current: number,
    private readonly ends: TrackEnds,
    private readonly id: string,
  ) {}

  get value(): number {
    return this.current;
  }

  /** Moves the token; returns where it ends up and the end that stopped it, if one did. */
  move(change: number): { readonly value: number; readonly stoppedAt: TrackEnd | null } {
    const moved = moveOnTrack(this.current, change, this.ends);
    this.current = moved.value;
    this.stopped ||= moved.stoppedAt !== null;
    return moved;
  }

  state(): TrackState {
    return { trackId: this.id, value: this.current, ...this.ends, stoppedAtEnd: this.stopped };
  }
}

/** A token placed at its starting value, refused when that value is off the track. */
export function onTrack(value: number, given: TrackEndsInput | undefined, name: string, field: string, id: string): TrackToken {
  const ends = trackEnds(given, name, `${field}Track`);
  requireOnTrack(value, ends, field);
  return new TrackToken(value, ends, id);
}
