/**
 * The Zone Survival content as the engine reads it. The shapes are structural
 * so content items (zs-scenario, zs-card, zs-script) bind as they are, without
 * the engine depending on the content library.
 */

/** A number that grows with the Stalker count: `base + perStalker × Stalkers`. */
export interface ZsStalkerFormulaData {
  readonly base: number;
  readonly perStalker: number;
  readonly text?: string;
}

/** A place where the seed is silent, as content records it. */
export interface ZsGapData {
  readonly field: string;
  readonly note: string;
}

export interface ZsEnemyGroupData {
  readonly count: number;
  readonly teamTokens: readonly string[];
  readonly text?: string;
}

export type ZsStalkerCountKey = '1' | '2' | '3' | '4';

export interface ZsEnemiesData {
  readonly cards: readonly { readonly faction: string; readonly icon: string }[];
  readonly placeFrom: string | null;
  /** Rows the seed prints; a missing count is a gap, never a guess. */
  readonly byStalkerCount: Readonly<Partial<Record<ZsStalkerCountKey, readonly ZsEnemyGroupData[]>>>;
  readonly bossStartsInBossSlot: boolean;
}

export interface ZsUnknownTokensData {
  readonly stacks: number | null;
  readonly tokensPerStack: number | null;
  readonly total: number | null;
  readonly removeFromPool: string | null;
  readonly text: string;
}

export interface ZsLootData {
  readonly tokensPerSlot: number;
  readonly extra: ZsStalkerFormulaData | null;
  readonly text?: string;
}

export interface ZsEventDeckData {
  readonly size: number | null;
  readonly formula: ZsStalkerFormulaData | null;
  readonly text?: string;
}

/** One of the ten Scenarios; `null` sections are ones the seed does not print. */
export interface ZoneSurvivalScenarioData {
  readonly id: string;
  readonly name: string;
  readonly number: number;
  readonly scenarioType?: string;
  readonly specialCardIds: readonly string[];
  readonly unknownTokens: ZsUnknownTokensData | null;
  readonly enemies: ZsEnemiesData | null;
  readonly loot: ZsLootData | null;
  readonly eventDeck: ZsEventDeckData | null;
  readonly funds: number | null;
  readonly stalkerEntrance: string | null;
  readonly valueTarget: ZsStalkerFormulaData | null;
  /** The printed setup list, step by step; Step 2 and Step 5 carry token placements. */
  readonly steps?: readonly ZsScenarioStepData[];
  readonly gaps?: readonly ZsGapData[];
}

export interface ZsScenarioStepData {
  readonly step: number | null;
  readonly title: string;
  readonly text: readonly string[];
}

/** `inferred` marks a reading the seed does not state in so many words (an empty header read as zero), with its reasoning. */
export interface ZsScoreModifierData {
  readonly plus: number;
  readonly minus: number;
  readonly basis?: 'printed' | 'inferred';
  readonly reasoning?: string | null;
}

/** A Zone Survival card as content gives it. */
export interface ZsCardData {
  readonly id: string;
  readonly name: string;
  /** Null where the seeds do not give the type; `cardTypeOneOf` then lists what it may be. */
  readonly cardType: string | null;
  readonly cardTypeOneOf?: readonly string[];
  /** Other ids that name this card (a type-free card's deck-qualified ids). */
  readonly aliases?: readonly string[];
  readonly tags: readonly string[];
  /** False where the seed does not print the card: its empty `tags` means unknown. */
  readonly tagsKnown?: boolean;
  readonly request?: string | null;
  readonly scoreModifier: ZsScoreModifierData | null;
  readonly fateTriggers: ZsFateTriggersData | null;
  /** Actions the card offers; their die outcomes name faces too. */
  readonly actions?: readonly { readonly outcomes: readonly ZsFaceOutcomeData[] }[];
}

export interface ZsFaceOutcomeData {
  readonly faces: readonly string[];
  /** Canonical ids of `faces`, in the same order. */
  readonly faceIds?: readonly string[];
  readonly text: string;
}

export interface ZsFateTriggersData {
  readonly always: readonly string[];
  readonly byFace: readonly ZsFaceOutcomeData[];
}

export type ZsLinkData =
  | { readonly type: 'see'; readonly target: string }
  | { readonly type: 'die-face'; readonly face: string; readonly faceId?: string; readonly target: string }
  | { readonly type: 'choice'; readonly label: string; readonly target: string }
  | { readonly type: 'card'; readonly target: string }
  | { readonly type: 'external'; readonly book: string; readonly ref: string };

export interface ZsScriptData {
  readonly id: string;
  readonly number: number;
  /** The script as printed; die outcomes are its `• [face] – text` lines. */
  readonly text?: string;
  readonly links: readonly ZsLinkData[];
}

export interface ZsNumberedData {
  readonly id: string;
  readonly name: string;
  readonly number: number;
}
