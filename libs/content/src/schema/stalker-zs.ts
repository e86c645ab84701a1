import { z } from 'zod';
import { BaseItem, ContentId } from './common';
import { ZS_CARD_TYPES } from './zs-card-ids';

/**
 * Content kinds of S.T.A.L.K.E.R. Zone Survival (004) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 *
 * Die results in this game are pictograms, not numbers, and the seed only
 * describes them by appearance ("[blue circle icon]"); faces are therefore
 * kept as those verbatim labels rather than mapped onto invented numbers.
 */

/**
 * Where a text sends the reader. `see` is an unconditional or prose-conditioned
 * "see Script N"; `die-face` and `choice` are branches of a roll or a choice;
 * `card` is a card the text tells you to find or put into play; `external`
 * points into a book the seed does not contain, so it is never an id.
 */
export const ZsLink = z.discriminatedUnion('type', [
  z.object({ type: z.literal('see'), target: ContentId }),
  z.object({ type: z.literal('die-face'), face: z.string().min(1), faceId: ContentId, target: ContentId }),
  z.object({ type: z.literal('choice'), label: z.string().min(1), target: ContentId }),
  z.object({ type: z.literal('card'), target: ContentId }),
  z.object({ type: z.literal('external'), book: z.string().min(1), ref: z.string().min(1) }),
]);

/**
 * The canonical id of a die face (`stalker-zs:icon:yellow`). The transcription
 * spells one face several ways (`[yellow icon]` in scripts, `[yellow item icon]`
 * on cards); rules match faces by this id, never by spelling.
 */
export const ZsFaceId = ContentId;

/** One branch of a die roll: the faces that select it (verbatim icon labels and their ids, in the same order) and what happens. */
export const ZsFaceOutcome = z
  .object({
    faces: z.array(z.string().min(1)).min(1),
    faceIds: z.array(ZsFaceId).min(1),
    text: z.string().min(1),
  })
  .refine((outcome) => outcome.faceIds.length === outcome.faces.length, {
    message: 'faceIds must name the canonical id of each printed face, in order',
    path: ['faceIds'],
  });

/** A card's Fate Triggers section: effects that fire on every roll, and those tied to faces. */
export const ZsFateTriggers = z.object({
  always: z.array(z.string().min(1)),
  byFace: z.array(ZsFaceOutcome),
});

/** How many plus and minus icons: the rulebook's own scoring examples print these counts. */
export const ZsModifierIcons = z.object({
  plus: z.number().int().nonnegative(),
  minus: z.number().int().nonnegative(),
});

/**
 * The plus and minus icons above a card title; only victories are scored with
 * them. `printed` counts icons the seed shows; `inferred` is a reading the seed
 * does not state in so many words (a header with no icon read as zero, or a
 * count printed once after two card names read as both cards'), with its
 * reasoning, so a printed count and an inferred one can be told apart.
 */
export const ZsScoreModifier = z
  .object({
    ...ZsModifierIcons.shape,
    basis: z.enum(['printed', 'inferred']),
    reasoning: z.string().min(1).nullable(),
  })
  .refine((modifier) => (modifier.basis === 'inferred') === (modifier.reasoning !== null), {
    message: 'an inferred modifier gives its reasoning; a printed one has none',
    path: ['reasoning'],
  });

/** An Action a card makes available, with its cost icon and any die outcomes. */
export const ZsCardAction = z.object({
  cost: z.string().min(1),
  name: z.string().min(1),
  condition: z.string().min(1).optional(),
  text: z.string().min(1),
  outcomes: z.array(ZsFaceOutcome),
});

const zsGameFields = { gameId: ContentId };

/** A printed component that is not a token: the booklets and the card decks. */
export const ZsComponentItem = BaseItem.extend({
  kind: z.literal('zs-component'),
  ...zsGameFields,
  category: z.enum(['paper', 'cards']),
  count: z.number().int().positive(),
  /** The deck these cards form, for card components. */
  deckId: ContentId.optional(),
  note: z.string().min(1).optional(),
});

/** A Zone Survival token and how many the box holds. */
export const ZsTokenItem = BaseItem.extend({
  kind: z.literal('zs-token'),
  ...zsGameFields,
  /** The component list prints tokens in two lists; kept so the order and grouping survive. */
  group: z.enum(['tokens', 'other-tokens']),
  count: z.number().int().positive(),
  note: z.string().min(1).optional(),
});

/** A tag printed on Event cards, with the rulebook's reading of it. */
export const ZsEventTagItem = BaseItem.extend({
  kind: z.literal('zs-event-tag'),
  ...zsGameFields,
  text: z.string().min(1),
});

/** The Game Round Order help card, phase by phase. */
export const ZsHelpCardItem = BaseItem.extend({
  kind: z.literal('zs-help-card'),
  ...zsGameFields,
  phases: z
    .array(
      z.object({
        number: z.number().int().positive(),
        name: z.string().min(1),
        text: z.string().min(1),
        steps: z.array(z.string().min(1)),
      }),
    )
    .min(1),
  note: z.string().min(1).optional(),
});

/**
 * A card of one of the Zone Survival decks. Cards the seed only names keep
 * empty sections and a gap; `scoreModifier` is null where the deck carries
 * no modifiers or the seed does not show them. Ids follow `zs-card-ids.ts`:
 * a card whose type the seeds do not give has a type-free id, a null
 * `cardType` and `deckId`, a gap on `cardType`, and answers to its aliases.
 */
export const ZsCardItem = BaseItem.extend({
  kind: z.literal('zs-card'),
  ...zsGameFields,
  /** Null where the seeds do not say which deck the card is in. */
  deckId: ContentId.nullable(),
  /** Null where the seeds do not give the card's type; `cardTypeOneOf` then says what it may be. */
  cardType: z.enum(ZS_CARD_TYPES).nullable(),
  /** For a card of unknown type, the types the seed leaves open ("Setup and Event cards"); empty otherwise. */
  cardTypeOneOf: z.array(z.enum(ZS_CARD_TYPES)).default([]),
  /** Other ids that name this card: the deck-qualified ids of a type-free card. */
  aliases: z.array(ContentId).default([]),
  /** The Special deck's 1-10 corner number, used only to randomise setup. */
  randomNumber: z.number().int().min(1).max(10).nullable(),
  /** Printed tags; read them only when `tagsKnown` is true. */
  tags: z.array(z.string().min(1)),
  /** False where the seed does not print the card, so an empty `tags` means unknown, not "no tags". */
  tagsKnown: z.boolean(),
  scoreModifier: ZsScoreModifier.nullable(),
  setup: z.array(z.string().min(1)),
  request: z.string().min(1).nullable(),
  story: z.string().min(1).nullable(),
  rules: z.array(z.string().min(1)),
  actions: z.array(ZsCardAction),
  fateTriggers: ZsFateTriggers.nullable(),
  links: z.array(ZsLink),
});

/** Enemies of one Enemy card for one Stalker count: how many standees and which Team tokens. */
export const ZsEnemyGroup = z.object({
  count: z.number().int().nonnegative(),
  teamTokens: z.array(z.string().min(1)).min(1),
  text: z.string().min(1),
});

export const ZsScenarioStep = z.object({
  step: z.number().int().nonnegative().nullable(),
  title: z.string().min(1),
  text: z.array(z.string().min(1)).min(1),
});

/** A number that grows with the Stalker count: `base + perStalker × Stalkers`. */
export const ZsStalkerFormula = z.object({
  base: z.number().int(),
  perStalker: z.number().int(),
  text: z.string().min(1),
});

/** One of the ten Zone Survival Scenarios, setup list through victory. */
export const ZsScenarioItem = BaseItem.extend({
  kind: z.literal('zs-scenario'),
  ...zsGameFields,
  number: z.number().int().min(1).max(10),
  /** Page of the rulebook the Step 0 list points to. */
  page: z.number().int().positive(),
  scenarioType: z.enum(['Hunt', 'Looting', 'Mission', 'Defend']),
  intro: z.string().min(1),
  steps: z.array(ZsScenarioStep).min(1),
  specialCardIds: z.array(ContentId),
  unknownTokens: z
    .object({
      stacks: z.number().int().nonnegative().nullable(),
      tokensPerStack: z.number().int().nonnegative().nullable(),
      total: z.number().int().nonnegative().nullable(),
      removeFromPool: z.string().min(1).nullable(),
      text: z.string().min(1),
    })
    .nullable(),
  enemies: z
    .object({
      cards: z.array(z.object({ faction: z.enum(['Mutant', 'Human']), icon: z.string().min(1) })).min(1),
      placeFrom: z.string().min(1).nullable(),
      text: z.string().min(1),
      /** Keys "1".."4"; groups are in the order the seed prints them. Missing counts are gaps. */
      byStalkerCount: z.record(z.enum(['1', '2', '3', '4']), z.array(ZsEnemyGroup).min(1)),
      bossStartsInBossSlot: z.boolean(),
    })
    .nullable(),
  loot: z
    .object({
      tokensPerSlot: z.number().int().positive(),
      extra: ZsStalkerFormula.nullable(),
      text: z.string().min(1),
    })
    .nullable(),
  eventDeck: z
    .object({
      size: z.number().int().positive().nullable(),
      formula: ZsStalkerFormula.nullable(),
      text: z.string().min(1),
    })
    .nullable(),
  /** Step 8 team funds in K. */
  funds: z.number().int().nonnegative().nullable(),
  /** Step 9: where the Stalkers start (the Stalker Entrance slot). */
  stalkerEntrance: z.string().min(1).nullable(),
  mainObjective: z.object({
    lose: z.array(z.string().min(1)).min(1),
    win: z.array(z.string().min(1)).min(1),
    /** Lines printed under the objective that are neither a loss nor a win condition. */
    other: z.array(z.string().min(1)),
  }),
  /** Gather Supplies' collected-value goal, in K. */
  valueTarget: ZsStalkerFormula.nullable(),
  specialRules: z.array(z.string().min(1)),
  notes: z.array(z.string().min(1)),
});

/** One of the ten Zone Survival Maps; its layout is in the separate map booklet. */
export const ZsMapItem = BaseItem.extend({
  kind: z.literal('zs-map'),
  ...zsGameFields,
  number: z.number().int().min(1).max(10),
  layout: ZsLink,
});

/** One numbered entry of the Zone Survival Scriptbook. */
export const ZsScriptItem = BaseItem.extend({
  kind: z.literal('zs-script'),
  ...zsGameFields,
  number: z.number().int().min(1).max(999),
  /** The script as printed; bullet lines start with "• " and are separated by newlines. */
  text: z.string().min(1),
  links: z.array(ZsLink),
  /** Remarks of the seed's transcriber about the printed page, kept out of the script text. */
  transcriptionNotes: z.array(z.string().min(1)),
});

/** How a won game is scored, as numbers a scoring service can apply. */
export const ZsScoringItem = BaseItem.extend({
  kind: z.literal('zs-scoring'),
  ...zsGameFields,
  victoryPoints: z.number().int(),
  pointsPerMinusIcon: z.number().int(),
  pointsPerPlusIcon: z.number().int(),
  /** Card types whose modifiers count, including discarded and undrawn cards. */
  countedCardTypes: z.array(z.enum(['setup', 'event', 'character'])).min(1),
  text: z.array(z.string().min(1)).min(1),
  scenarioBonuses: z.array(
    z.object({
      scenarioId: ContentId,
      points: z.number().int(),
      perValueK: z.number().int().positive(),
      text: z.string().min(1),
    }),
  ),
  /** The rulebook's own examples; `cardNames` share the modifier printed after them. */
  examples: z.array(
    z.object({ cardNames: z.array(z.string().min(1)).min(1), scoreModifier: ZsModifierIcons, text: z.string().min(1) }),
  ),
});

export const zsKinds = [
  ZsComponentItem,
  ZsTokenItem,
  ZsEventTagItem,
  ZsHelpCardItem,
  ZsCardItem,
  ZsScenarioItem,
  ZsMapItem,
  ZsScriptItem,
  ZsScoringItem,
] as const;

export type ZsLink = z.infer<typeof ZsLink>;
type ZsItem = z.infer<(typeof zsKinds)[number]>;

function linkTargets(links: readonly ZsLink[]): string[] {
  return links.flatMap((link) => (link.type === 'external' ? [] : [link.target]));
}

/** Ids an item of these kinds points at, or undefined when the kind is not one of these. */
export function zsLinks(item: { kind: string }): string[] | undefined {
  const zs = item as ZsItem;
  switch (zs.kind) {
    case 'zs-component':
      return [zs.gameId, ...(zs.deckId ? [zs.deckId] : [])];
    case 'zs-token':
    case 'zs-event-tag':
    case 'zs-help-card':
      return [zs.gameId];
    case 'zs-card':
      return [zs.gameId, ...(zs.deckId ? [zs.deckId] : []), ...linkTargets(zs.links)];
    case 'zs-scenario':
      return [zs.gameId, ...zs.specialCardIds];
    case 'zs-map':
      return [zs.gameId, ...linkTargets([zs.layout])];
    case 'zs-script':
      return [zs.gameId, ...linkTargets(zs.links)];
    case 'zs-scoring':
      return [zs.gameId, ...zs.scenarioBonuses.map((bonus) => bonus.scenarioId)];
    default:
      return undefined;
  }
}
