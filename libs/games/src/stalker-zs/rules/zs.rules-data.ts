/**
 * Numbers and rules of Zone Survival mode that are procedure, not content.
 * Every value quotes seed 004 (S.T.A.L.K.E.R. The Board Game: Zone Survival
 * Mode Rulebook); tests pin them against that text.
 */

export const ZS_GAME_ID = 'stalker-zs';

/** "Step 3: Draw and Place 4 Setup Cards (and Their Tokens)" */
export const ZS_SETUP_CARD_COUNT = 4;

/**
 * The Scenarios' enemy rows are printed for "Single Stalker", "2 Stalkers",
 * "3 Stalkers" and "4 Stalkers"; no other count has a row.
 */
export const ZS_MIN_STALKERS = 1;
export const ZS_MAX_STALKERS = 4;

/** "There are ten ZS Scenarios available" / "There are ten ZS mode Maps available". */
export const ZS_SCENARIO_NUMBERS = 10;
export const ZS_MAP_NUMBERS = 10;

/**
 * "If you roll [red cross icon] at the beginning of a Fate Triggers step, you
 * must also resolve 1 [Unknown token icon] from each stack". The die's faces
 * are not printed; this is that face's canonical icon id.
 */
export const ZS_RED_CROSS_FACE_ID = 'stalker-zs:icon:red-cross';

const ALWAYS_RESOLVE_UNKNOWNS =
  'In this Scenario, you ALWAYS resolve 1 [Unknown token icon] from each stack of [Unknown token icon] in the Fate Triggers step, not just when the result is [red cross icon].';

/**
 * Scenarios whose Special Rules print the line above, by Scenario number:
 * Frontal Assault (9) and Surrounded (10) both do.
 */
export const ZS_ALWAYS_RESOLVE_UNKNOWNS: Readonly<Record<number, string>> = {
  9: ALWAYS_RESOLVE_UNKNOWNS,
  10: ALWAYS_RESOLVE_UNKNOWNS,
};

/** "A [red minus icon] means that the game is more difficult and a [blue plus icon] means that it is easier." */
export const ZS_SCORING = {
  /** "The victory itself is worth 20 points." */
  victoryPoints: 20,
  /** "Add 1 point for each [red minus icon] on each Setup, Event, and Character card" */
  pointsPerMinusIcon: 1,
  /** "Subtract 1 point for each [blue plus icon] on each Setup, Event, and Character card" */
  pointsPerPlusIcon: -1,
  /** "... on each Setup, Event, and Character card (above the card title) that was included in the game" */
  countedCardTypes: ['setup', 'event', 'character'] as readonly string[],
  /**
   * Gather Supplies: "for each additional 1,000 K of the value of stuff
   * collected above the required limit, add 1 point to your score".
   */
  valueBonusPoints: 1,
  valueBonusPerK: 1000,
} as const;

/** How a Scenario's Step 3 departs from "Follow Step 3 of the Zone Survival setup". */
export type ZsSetupDrawRule =
  | { readonly kind: 'standard' }
  /** A named card is discarded and replaced when drawn. */
  | { readonly kind: 'redraw-card'; readonly cardName: string; readonly quote: string }
  /** Any card with this tag is discarded and replaced when drawn. */
  | { readonly kind: 'redraw-tag'; readonly tag: string; readonly quote: string }
  /** Without the tag among the first three, the fourth is the first card with it. */
  | { readonly kind: 'fourth-with-tag'; readonly tag: string; readonly quote: string }
  /** The players judge which cards break the rule; the caller names them. */
  | { readonly kind: 'redraw-judged'; readonly quote: string };

const OPEN_SPACE_AROUND: ZsSetupDrawRule = {
  kind: 'redraw-card',
  cardName: 'Open Space Around',
  quote: 'If you have drawn the OPEN SPACE AROUND card, discard it and draw a new one.',
};

/** Step 3 of each Scenario, by Scenario number; numbers not listed follow the standard Step 3. */
export const ZS_SETUP_DRAW_RULES: Readonly<Record<number, ZsSetupDrawRule>> = {
  5: OPEN_SPACE_AROUND,
  6: OPEN_SPACE_AROUND,
  7: {
    kind: 'redraw-judged',
    quote:
      'If the Setup card you drew would immediately open a passage to the Room closed by the Armored Gate, discard it and draw another one.',
  },
  8: {
    kind: 'redraw-tag',
    tag: 'Request',
    quote: 'In this Scenario, if you drew a card with the Request tag during setup, discard it and draw another one.',
  },
  9: {
    kind: 'fourth-with-tag',
    tag: 'Request',
    quote:
      'If, after drawing the first three cards from the Setup deck, it turns out that none of them has a Request tag, check the next cards in the Setup deck until you find the first one with the Request tag – draw it as the fourth one.',
  },
};

export const ZS_STANDARD_DRAW: ZsSetupDrawRule = { kind: 'standard' };

export function zsSetupDrawRule(scenarioNumber: number): ZsSetupDrawRule {
  return ZS_SETUP_DRAW_RULES[scenarioNumber] ?? ZS_STANDARD_DRAW;
}

/**
 * "Draw one Anomaly card from the core game Anomaly deck": that deck belongs to
 * the core game, not to this seed, so the setup names the step and leaves it.
 */
export const ZS_ANOMALY_NOTE =
  'Step 4 draws one Anomaly card from the core game Anomaly deck, which this rulebook does not contain; draw it at the table.';
