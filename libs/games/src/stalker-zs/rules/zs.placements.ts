import { ZoneSurvivalScenarioData } from './zs.types';

/** A token placement a Scenario prints in its setup list, verbatim. */
export interface ZsPlacement {
  readonly step: number;
  readonly text: string;
}

const SENTENCE_END = /(?<=[.!])\s+(?=[A-Z])/;

/**
 * Step 2 is "Find and Place Special Cards and Tokens": its cards are already
 * `specialCardIds`, so what remains of it is where tokens go (Escape's Exit
 * token in the Center slot, Frontal Assault's Spawn Points on the Top Edge).
 * Step 5 places Unknown tokens and standees, which have their own fields, and
 * sometimes a named token too (Boss Hunt's "Place both Spawn Point tokens on
 * the Enemy [Enemy type icon] card"), which is kept.
 */
export function scenarioPlacements(scenario: ZoneSurvivalScenarioData): readonly ZsPlacement[] {
  const placements: ZsPlacement[] = [];
  for (const step of scenario.steps ?? []) {
    if (step.step === 2) {
      for (const line of step.text) {
        if (/^(Note:|In the setup of this Scenario, do not place)/.test(line)) continue;
        const sentences = /^Find\b/.test(line) ? line.split(SENTENCE_END).slice(1) : [line];
        for (const text of sentences) placements.push({ step: 2, text });
      }
    } else if (step.step === 5) {
      for (const line of step.text) {
        if (/^Place\b/.test(line) && !/Unknown token|standee|Loot token/.test(line)) placements.push({ step: 5, text: line });
      }
    }
  }
  return placements;
}
