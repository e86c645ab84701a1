import { catalogueFor, toCheckedResult } from '../zone-survival/check-submission';
import { ScoreInput, ScoreOutcome } from '../zone-survival/zone-survival-rules';
import { ZoneSurvivalSubmission } from '../zone-survival/zone-survival-submission';
import { ZsContent, zsCard } from '@scriptbook/rules-engine';
import { ZoneSurvivalResultEntity } from './zone-survival-result.entity';

export type Rescored = Pick<ZoneSurvivalResultEntity, 'victory' | 'score' | 'verified' | 'breakdown' | 'scoreVersion'>;

/** The engine's input from a stored submission. */
export function scoreInputOf(input: ZoneSurvivalSubmission): ScoreInput {
  return {
    scenarioId: input.scenarioId,
    stalkerCount: input.stalkerCount,
    ...(input.objectiveMet !== null && input.objectiveMet !== undefined ? { objectiveMet: input.objectiveMet } : {}),
    ...(input.collectedValue !== null && input.collectedValue !== undefined ? { collectedValue: input.collectedValue } : {}),
    requests: (input.requests ?? []).map((r) => ({ cardId: r.cardId, met: r.met, ...(r.discarded ? { discarded: true } : {}) })),
    cardIds: [...input.cardIds],
  };
}

/**
 * A stored result scored again under today's rules and catalogue. A card the
 * catalogue has learned since is scored from the catalogue, not from what the
 * player declared, so a result can become verified. Null when the stored game
 * no longer scores at all (the catalogue dropped a card): it keeps its score.
 */
export function rescore(row: ZoneSurvivalResultEntity, content: ZsContent, scoreVersion: string, score: (input: ScoreInput, content: ZsContent) => ScoreOutcome): Rescored | null {
  const stored = JSON.parse(row.input) as ZoneSurvivalSubmission;
  // Looked up under any of the card's names: a card once declared as `stalker-zs:card:setup:workshop` is now the catalogue's Workshop.
  const declaredCards = (stored.declaredCards ?? []).filter((card) => !zsCard(content, card.cardId)?.scoreModifier);
  const submission = { ...stored, declaredCards };
  try {
    const catalogue = catalogueFor(content, submission);
    const checked = toCheckedResult(score(scoreInputOf(submission), catalogue.content), catalogue.declared);
    return { victory: checked.victory, score: checked.score, verified: checked.verified, breakdown: checked.breakdown ? JSON.stringify(checked.breakdown) : null, scoreVersion };
  } catch {
    return null;
  }
}
