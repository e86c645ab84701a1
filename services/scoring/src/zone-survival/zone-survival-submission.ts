/** A finished game as a player submits it; the GraphQL input class has the same shape. */
export interface DeclaredCard {
  readonly cardId: string;
  readonly cardType: 'setup' | 'event' | 'character';
  readonly plus: number;
  readonly minus: number;
  readonly request?: boolean | null;
}

export interface RequestOutcome {
  readonly cardId: string;
  readonly met: boolean;
  readonly discarded?: boolean | null;
}

export interface ZoneSurvivalSubmission {
  readonly clientSubmissionId: string;
  readonly scenarioId: string;
  readonly mapId: string;
  readonly stalkerCount: number;
  readonly stalkers: readonly string[];
  readonly roundsPlayed: number;
  readonly objectiveMet?: boolean | null;
  readonly collectedValue?: number | null;
  readonly requests?: readonly RequestOutcome[] | null;
  readonly cardIds: readonly string[];
  readonly declaredCards?: readonly DeclaredCard[] | null;
  readonly challengeId?: string | null;
}

/** Where a card's modifier came from, as the breakdown reports it. */
export type ModifierSource = 'PRINTED' | 'INFERRED' | 'DECLARED';

export interface CardScore {
  readonly cardId: string;
  readonly plus: number;
  readonly minus: number;
  readonly source: ModifierSource;
}

export interface ScoreBreakdown {
  readonly victoryPoints: number;
  readonly minusIcons: number;
  readonly plusIcons: number;
  readonly valueBonus: number;
  readonly cards: readonly CardScore[];
}

/** What the server concluded from a submission. */
export interface CheckedResult {
  readonly victory: boolean;
  readonly score: number | null;
  readonly verified: boolean;
  readonly breakdown: ScoreBreakdown | null;
  readonly failedRequests: readonly string[];
}

/** The fixed part of a daily challenge a submission must match. */
export interface ChallengeTerms {
  readonly id: string;
  readonly scenarioId: string;
  readonly mapId: string;
  readonly stalkerCount: number;
  /** Setup cards the challenge drew from the cards content holds; the table draws the rest. */
  readonly setupCardIds: readonly string[];
  /** The Event deck when the challenge drew it card by card; null when the draw was left to the table. */
  readonly eventCardIds: readonly string[] | null;
}
