/**
 * Input shapes for the Zone Survival procedures. They are structural so the
 * rules service can pass content items (zs-scenario, zs-card, zs-script)
 * as they are, without the engine depending on the content library.
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
  readonly gaps?: readonly ZsGapData[];
}

export interface ZsScoreModifierData {
  readonly plus: number;
  readonly minus: number;
}

/** A Setup card: its tags drive the no-repeated-tag rule of Step 3. */
export interface SetupCardData {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[];
  readonly scoreModifier?: ZsScoreModifierData | null;
}

export interface EventCardData {
  readonly id: string;
  readonly name: string;
  readonly tags?: readonly string[];
  readonly scoreModifier?: ZsScoreModifierData | null;
}

/** Everything the setup needs from content; prepared once with `prepareSetupData`. */
export interface ZoneSurvivalSetupContent {
  readonly scenarios: readonly ZoneSurvivalScenarioData[];
  readonly setupDeck: readonly SetupCardData[];
  /** The 70-card Zone Survival Event deck; without it only the deck size is given. */
  readonly eventDeck?: readonly EventCardData[];
}

export interface ZsFaceOutcomeData {
  readonly faces: readonly string[];
  readonly text: string;
}

export interface ZsFateTriggersData {
  readonly always: readonly string[];
  readonly byFace: readonly ZsFaceOutcomeData[];
}

/** A face-up card next to the board, with its red Fate Triggers section if any. */
export interface FateCardData {
  readonly id: string;
  readonly name: string;
  readonly fateTriggers: ZsFateTriggersData | null;
}

export type ZsLinkData =
  | { readonly type: 'see'; readonly target: string }
  | { readonly type: 'die-face'; readonly face: string; readonly target: string }
  | { readonly type: 'choice'; readonly label: string; readonly target: string }
  | { readonly type: 'card'; readonly target: string }
  | { readonly type: 'external'; readonly book: string; readonly ref: string };

export interface ZsScriptData {
  readonly id: string;
  readonly number: number;
  readonly links: readonly ZsLinkData[];
}

/** A card counted for the score: Setup, Event and Character cards carry modifiers. */
export interface ScoreCardData {
  readonly id: string;
  readonly name: string;
  readonly cardType: string;
  readonly scoreModifier: ZsScoreModifierData | null;
}

export interface ZsNumberedData {
  readonly id: string;
  readonly name: string;
  readonly number: number;
}
