import { Injectable } from '@nestjs/common';
import { ContentLibrary } from '@scriptbook/content';
import {
  bindZsContent,
  ContentItemLike,
  Random,
  Resolution,
  runProcedure,
  ZS_GAME_ID,
  ZS_MAX_STALKERS,
  ZS_MIN_STALKERS,
  ZsContent,
  zoneSurvivalScenarioProcedure,
  zoneSurvivalScoreProcedure,
  zoneSurvivalSetupProcedure,
} from '@scriptbook/rules-engine';
import { z } from 'zod';

export type ScoreInput = z.input<typeof zoneSurvivalScoreProcedure.input>;
export type ScoreOutcome = z.output<typeof zoneSurvivalScoreProcedure.result>;
export type SetupOutcome = z.output<typeof zoneSurvivalSetupProcedure.result>;

/** Bumped when the way a stored result becomes a score changes; with the catalogue hash it makes a result's score version. */
const SCORING_RULES_VERSION = 1;

/**
 * The engine's Zone Survival procedures over the content of this release,
 * bound once at start. Scoring never counts points itself: every score comes
 * from the engine's `stalker-zs.score` descriptor.
 */
@Injectable()
export class ZoneSurvivalRules {
  readonly content: ZsContent;
  /** Changes with the scoring rules or the card catalogue; stored on each result so a rescore knows what is stale. */
  readonly scoreVersion: string;

  constructor(library: ContentLibrary) {
    const items: ContentItemLike[] = [];
    for (const pack of library.packs) {
      for (const id of pack.itemIds) {
        const item = library.get(id) as unknown as (ContentItemLike & { gameId?: string }) | undefined;
        if (item?.gameId === ZS_GAME_ID) items.push(item);
      }
    }
    this.content = bindZsContent(items);
    this.scoreVersion = `${SCORING_RULES_VERSION}:${library.hash}`;
  }

  /** Runs the score procedure; `content` may extend the catalogue with the player's declared cards. */
  score(input: ScoreInput, content: ZsContent = this.content): ScoreOutcome {
    // The score procedure draws nothing; the seed only satisfies the shared calling convention.
    return runProcedure(zoneSurvivalScoreProcedure, input, { seed: 'score' }, content).result;
  }

  /**
   * A whole setup from one seed: the Scenario and Map drawn by Step 0 and
   * Step 1, a Stalker count from the same stream, then the setup list.
   */
  setupFromSeed(seed: string): { setup: Resolution<SetupOutcome>; mapId: string } {
    const picked = runProcedure(zoneSurvivalScenarioProcedure, {}, { seed }, this.content);
    const stalkerCount = Random.fromState(picked.rngState).int(ZS_MIN_STALKERS, ZS_MAX_STALKERS);
    const setup = runProcedure(zoneSurvivalSetupProcedure, { scenarioId: picked.result.scenario.id, stalkerCount }, { seed }, this.content);
    return { setup, mapId: picked.result.map.id };
  }
}
