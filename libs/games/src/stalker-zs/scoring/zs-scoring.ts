import { z } from 'zod';
import { Random, RuleInputError, runProcedure } from '@scriptbook/rules-engine';
import { BoundRules, defineScoring, ScoredPlay, ScoringLimits, ScoringRules } from '../../game-scoring';
import { zsCard, ZsContent } from '../rules/zs.bind';
import { ZS_MAX_STALKERS, ZS_MIN_STALKERS } from '../rules/zs.rules-data';
import { zoneSurvivalScenarioProcedure } from '../rules/zs.scenario-randomizer';
import { zoneSurvivalScoreProcedure } from '../rules/zs.score';
import { zoneSurvivalSetupProcedure } from '../rules/zs.setup';
import { ZsBoard, zsBoardSchema, ZsBreakdown, zsBreakdownSchema, ZsChallenge, zsChallengeSchema, zsResultSchema, ZsSubmission, zsSubmissionSchema } from './zs-scoring.schemas';
import { zsCampaignRefusal, zsCampaignTableSchema, ZsCampaignTable, zsSubmissionFromCampaign } from './zs-campaign-submission';
import { catalogueFor, checkCards, checkChallenge, checkGameShape, scoreInputOf, toScoredPlay, ZsScoreOutcome } from './zs-submission-checks';

type ScenarioPick = z.output<typeof zoneSurvivalScenarioProcedure.result>;
type ZsSetup = z.output<typeof zoneSurvivalSetupProcedure.result>;

/** Engine refusals from inside the score procedure name the submission field they come from, as every check does. */
function score(submission: ZsSubmission, content: ZsContent): ZsScoreOutcome {
  // The score procedure draws nothing; the seed only satisfies the shared calling convention.
  return runProcedure(zoneSurvivalScoreProcedure, scoreInputOf(submission), { seed: 'score' }, content).result;
}

/**
 * Zone Survival's scoring over the content the game host bound. The server
 * never counts points itself: every score comes from the engine's score
 * procedure, run on that content with the players' declared cards added.
 */
export function zoneSurvivalScoringRules(content: ZsContent, rules: BoundRules, limits: ScoringLimits): ScoringRules<ZsSubmission, ZsBreakdown, ZsBoard, ZsChallenge> {
  const check = (submission: ZsSubmission, challenge: Parameters<ScoringRules<ZsSubmission, ZsBreakdown, ZsBoard, ZsChallenge>['check']>[1]) => {
    checkGameShape(content, submission);
    const catalogue = catalogueFor(content, submission);
    checkCards(catalogue.content, catalogue.declared, submission);
    if (challenge) checkChallenge(challenge, submission);
    return toScoredPlay(score(submission, catalogue.content), catalogue.declared, limits);
  };
  return {
    check,

    fromCampaign(record, table, challenge) {
      const added = table as ZsCampaignTable;
      const submission = zsSubmissionFromCampaign(record, added);
      try {
        return { submission, scored: check(submission, challenge) };
      } catch (error) {
        throw error instanceof RuleInputError ? zsCampaignRefusal(error, submission, added) : error;
      }
    },

    rescore(stored): ScoredPlay<ZsBreakdown> | null {
      // Looked up under any of the card's names: a card once declared as `stalker-zs:card:setup:workshop` is now the catalogue's Workshop.
      // A declaration stands where the catalogue only infers the modifier: the players' reading of the card is kept.
      const declaredCards = (stored.declaredCards ?? []).filter((card) => zsCard(content, card.cardId)?.scoreModifier?.basis !== 'printed');
      const submission = { ...stored, declaredCards };
      try {
        const catalogue = catalogueFor(content, submission);
        return toScoredPlay(score(submission, catalogue.content), catalogue.declared, limits);
      } catch {
        return null;
      }
    },

    fieldsOf: (submission) => ({ scenarioId: submission.scenarioId, mapId: submission.mapId, stalkerCount: submission.stalkerCount, roundsPlayed: submission.roundsPlayed }),

    checkBoard({ scenarioId, mapId, stalkerCount }) {
      if (scenarioId != null && !content.scenarios.has(scenarioId)) throw new RuleInputError('scenarioId', 'unknown', `"${scenarioId}" is not one of the ten Scenarios`);
      if (mapId != null && !content.maps.some((m) => m.id === mapId)) throw new RuleInputError('mapId', 'unknown', `"${mapId}" is not one of the ten Maps`);
      if (stalkerCount != null && (!Number.isInteger(stalkerCount) || stalkerCount < ZS_MIN_STALKERS || stalkerCount > ZS_MAX_STALKERS)) {
        throw new RuleInputError('stalkerCount', 'range', `${ZS_MIN_STALKERS} to ${ZS_MAX_STALKERS}`);
      }
    },

    /** The Scenario and Map drawn by Step 0 and Step 1, a Stalker count from the same stream, then the setup list. */
    dealChallenge(seed) {
      const picked = rules.run(zoneSurvivalScenarioProcedure.id, {}, { seed });
      const stalkerCount = Random.fromState(picked.rngState).int(ZS_MIN_STALKERS, ZS_MAX_STALKERS);
      const scenario = (picked.result as ScenarioPick).scenario.id;
      const dealt = rules.run(zoneSurvivalSetupProcedure.id, { scenarioId: scenario, stalkerCount }, { seed });
      const setup = dealt.result as ZsSetup;
      return {
        challenge: {
          scenarioId: setup.scenario.id,
          mapId: (picked.result as ScenarioPick).map.id,
          stalkerCount: setup.stalkerCount,
          setupCardIds: setup.setupCards.flatMap((slot) => (slot.card ? [slot.card.id] : [])),
          eventCardIds: setup.eventDeck?.cards?.map((c) => c.id) ?? null,
          setup,
        },
        transcript: dealt.transcript.map((step) => step.text),
      };
    },
  };
}

/**
 * Zone Survival results (seed 004, "Score Counting During Victory"), ranked
 * by Scenario, Map and Stalker count. The first scoring game, so its board
 * queries and types hold the plain names (`leaderboard`, `DailyChallenge`).
 */
export const zoneSurvivalScoring = defineScoring({
  names: { title: 'Zone Survival', game: 'ZoneSurvival', boards: '', jobs: 'zs' },
  // 2: an inferred modifier no longer counts as verified; the rescore job moves results stored under 1.
  version: 2,
  verifiedWhen: "every counted card's modifier is printed in the catalogue: none declared by the players, none inferred",
  campaign: {
    table: zsCampaignTableSchema,
    recordGives: "the Scenario, Stalker count, Setup cards and Event deck came from the rules engine's setup of a campaign the platform dealt, and the Map, Stalkers and Rounds from that campaign's actions",
  },
  schemas: { submission: zsSubmissionSchema, result: zsResultSchema, breakdown: zsBreakdownSchema, board: zsBoardSchema, challenge: zsChallengeSchema },
  dimensions: ['scenarioId', 'mapId', 'stalkerCount'],
  bind: (rules, limits) => zoneSurvivalScoringRules(rules.contentOf(zoneSurvivalScoreProcedure.id) as ZsContent, rules, limits),
});
