import { z } from 'zod';
import { describedEnum, named } from '@scriptbook/schema';
import { linkTo, pointsAt, withSegments } from '@scriptbook/content/kinds/annotations';
import { defineContentKind } from '@scriptbook/content/kinds/descriptor';
import { BaseItem, ContentId, GameId } from '@scriptbook/content/schema/common';
import { contentLinkView, ContentLinkView, ItemLink } from '@scriptbook/content/schema/item-link';
import { ZS_CARD_TYPES, zsCardNamingProblems } from './zs-card-ids';

/**
 * Content kinds of S.T.A.L.K.E.R. Zone Survival (004) whose shape is the game's own.
 * Each kind's `kind` literal starts with the game's prefix.
 *
 * Die results in this game are pictograms, not numbers, and the seed only
 * describes them by appearance ("[blue circle icon]"); faces are therefore
 * kept as those verbatim labels rather than mapped onto invented numbers.
 */

/** Where a Zone Survival text sends the reader: a script, a card, a branch of a roll or a choice, or a book the seed lacks. */
export const ZsLink = ItemLink;

/**
 * The canonical id of a die face (`stalker-zs:icon:yellow`). The transcription
 * spells one face several ways (`[yellow icon]` in scripts, `[yellow item icon]`
 * on cards); rules match faces by this id, never by spelling.
 */
export const ZsFaceId = ContentId;

/** One branch of a die roll: the faces that select it (verbatim icon labels and their ids, in the same order) and what happens. */
export const ZsFaceOutcome = named(
  'ZsFaceOutcome',
  z
    .object({
      faces: z.array(z.string().min(1)).min(1).describe('The faces that select this outcome, as printed (e.g. `[yellow icon]`).'),
      faceIds: z
        .array(ZsFaceId)
        .min(1)
        .describe('The canonical icon id of each face, in the same order; compare roll results with these, never with the printed spelling.'),
      text: withSegments(z.string().min(1)).describe('What happens, as printed.'),
    })
    .describe('What happens on the listed die faces.'),
).refine((outcome) => outcome.faceIds.length === outcome.faces.length, {
  message: 'faceIds must name the canonical id of each printed face, in order',
  path: ['faceIds'],
});

/** A card's Fate Triggers section: effects that fire on every roll, and those tied to faces. */
export const ZsFateTriggers = named(
  'ZsFateTriggers',
  z
    .object({
      always: z.array(z.string().min(1)).describe('Effects that fire on every Fate roll, whatever the result.'),
      byFace: z.array(ZsFaceOutcome).describe('Effects that fire only on the listed results.'),
    })
    .describe("A card's Fate Triggers section."),
);

/** How many plus and minus icons: the rulebook's own scoring examples print these counts. */
export const ZsModifierIcons = named(
  'ZsModifierIcons',
  z
    .object({
      plus: z.number().int().nonnegative().describe('How many [blue plus icon] (decreased difficulty).'),
      minus: z.number().int().nonnegative().describe('How many [red minus icon] (increased difficulty).'),
    })
    .describe('How many plus and minus icons, as the rulebook prints them in its scoring examples.'),
);

/**
 * The plus and minus icons above a card title; only victories are scored with
 * them. `printed` counts icons the seed shows; `inferred` is a reading the seed
 * does not state in so many words (a header with no icon read as zero, or a
 * count printed once after two card names read as both cards'), with its
 * reasoning, so a printed count and an inferred one can be told apart.
 */
export const ZsScoreModifier = named(
  'ZsScoreModifier',
  z
    .object({
      ...ZsModifierIcons.shape,
      basis: describedEnum('ZsModifierBasis', {
        printed: 'the rulebook shows these counts',
        inferred: 'a reading the rulebook does not state (a header with no icon read as zero), explained in `reasoning`',
      }).describe('Where the counts come from; tell the two apart when showing a zero.'),
      reasoning: z.string().min(1).nullable().describe('Why an inferred modifier was read this way; null for a printed one.'),
    })
    .describe('The plus and minus icons above a card title; only victories are scored with them.'),
).refine((modifier) => (modifier.basis === 'inferred') === (modifier.reasoning !== null), {
  message: 'an inferred modifier gives its reasoning; a printed one has none',
  path: ['reasoning'],
});

/** An Action a card makes available, with its cost icon and any die outcomes. */
export const ZsCardAction = named(
  'ZsCardAction',
  z
    .object({
      cost: z.string().min(1).describe('The cost icon as printed, e.g. `[blue square icon]`.'),
      name: z.string().min(1).describe('The Action name as printed.'),
      condition: z.string().min(1).optional().describe('When the Action may be taken, as printed.'),
      text: z.string().min(1).describe('What the Action does, as printed.'),
      outcomes: z.array(ZsFaceOutcome).describe('Outcomes by die face when the Action rolls.'),
    })
    .describe('An Action the card makes available.'),
);

/** An Action as served: its cost's icon by canonical id beside the printed cost. */
const ZsCardActionView = named(
  'ZsCardAction',
  ZsCardAction.extend({
    costIconId: ContentId.nullable().describe('The canonical icon id of the cost; null when the cost is not an icon.'),
  }),
);

const zsGameFields = { gameId: GameId };

/** A printed component that is not a token: the booklets and the card decks. */
export const ZsComponentItem = BaseItem.extend({
  kind: z.literal('zs-component'),
  ...zsGameFields,
  category: describedEnum('ZsComponentCategory', { paper: 'a booklet or sheet', cards: 'a deck of cards' }).describe('What the component is.'),
  count: z.number().int().positive().describe('How many the box holds.'),
  deckId: pointsAt(ContentId).optional().describe('The deck these cards form, for card components.'),
  note: z.string().min(1).optional().describe('A remark of the rulebook about the component.'),
});

/** A Zone Survival token and how many the box holds. */
export const ZsTokenItem = BaseItem.extend({
  kind: z.literal('zs-token'),
  ...zsGameFields,
  group: z.enum(['tokens', 'other-tokens']).describe('The list the component list prints it in; kept so the order and grouping survive.'),
  count: z.number().int().positive().describe('How many the box holds.'),
  note: z.string().min(1).optional().describe('A remark of the rulebook about the token.'),
});

/** A tag printed on Event cards, with the rulebook's reading of it. */
export const ZsEventTagItem = BaseItem.extend({
  kind: z.literal('zs-event-tag'),
  ...zsGameFields,
  text: withSegments(z.string().min(1)).describe("The rulebook's reading of the tag."),
});

/** The Game Round Order help card, phase by phase. */
export const ZsHelpCardItem = BaseItem.extend({
  kind: z.literal('zs-help-card'),
  ...zsGameFields,
  phases: z
    .array(
      named(
        'ZsRoundPhase',
        z
          .object({
            number: z.number().int().positive().describe('The printed phase number.'),
            name: z.string().min(1).describe('The phase name as printed.'),
            text: z.string().min(1).describe('The phase text as printed.'),
            steps: z.array(z.string().min(1)).describe('Steps of the phase, in order.'),
          })
          .describe('One phase of the Game Round Order.'),
      ),
    )
    .min(1)
    .describe('The phases of a round, in order.'),
  note: z.string().min(1).optional().describe('A remark of the rulebook about the printed card.'),
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
  deckId: pointsAt(ContentId).nullable().describe('Null where the rulebooks do not say which deck the card is in.'),
  cardType: z.enum(ZS_CARD_TYPES).nullable().describe("Null where the rulebooks do not give the card's type; `cardTypeOneOf` then says what it may be."),
  cardTypeOneOf: z
    .array(z.enum(ZS_CARD_TYPES))
    .default([])
    .describe(
      'For a card of unknown type, the types the rulebook leaves open ("Setup and Event cards"), as read from its words; the `cardType` gap says how. One type is one the rulebook implies but does not state (Kalyna, read as a Character card); a submission may count the card only as one of these. Empty otherwise.',
    ),
  aliases: z.array(ContentId).default([]).describe('Other ids that name this card: the deck-qualified ids of a card whose type the rulebooks do not give.'),
  randomNumber: z.number().int().min(1).max(10).nullable().describe("The Special deck's 1-10 corner number, used only to randomise setup."),
  tags: z.array(z.string().min(1)).describe('Printed tags; read them only when `tagsKnown` is true.'),
  tagsKnown: z
    .boolean()
    .describe('False where the rulebook does not print the card: its `tags` are then unknown, not absent, and must not be read as "no tags".'),
  scoreModifier: ZsScoreModifier.nullable().describe('The score icons above the title; null where the deck has none or the rulebook does not show them.'),
  setup: z.array(z.string().min(1)).describe('The Setup section, line by line as printed.'),
  request: z.string().min(1).nullable().describe('The Request, as printed; null when the card has none.'),
  story: z.string().min(1).nullable().describe('The story text, as printed; null when the card has none.'),
  rules: z.array(z.string().min(1)).describe('The Rules section, line by line as printed.'),
  actions: z.array(ZsCardAction).describe('Actions the card makes available.'),
  fateTriggers: ZsFateTriggers.nullable().describe('The Fate Triggers section; null when the card has none.'),
  links: z.array(ZsLink).describe('Scripts and cards the card sends the reader to.'),
});

/** Enemies of one Enemy card for one Stalker count: how many standees and which Team tokens. */
export const ZsEnemyGroup = named(
  'ZsEnemyGroup',
  z
    .object({
      count: z.number().int().nonnegative().describe('How many standees.'),
      teamTokens: z.array(z.string().min(1)).min(1).describe('The Team tokens to place, as printed (e.g. `[green 1 team token]`).'),
      text: z.string().min(1).describe('The line as printed.'),
    })
    .describe('Standees and Team tokens for one Enemy card.'),
);

export const ZsScenarioStep = named(
  'ZsScenarioStep',
  z
    .object({
      step: z.number().int().nonnegative().nullable().describe('The printed step number; null for unnumbered steps.'),
      title: z.string().min(1).describe('The step title as printed.'),
      text: z.array(z.string().min(1)).min(1).describe('The step, line by line as printed.'),
    })
    .describe('One step of the printed setup list.'),
);

/** A number that grows with the Stalker count: `base + perStalker × Stalkers`. */
export const ZsStalkerFormula = named(
  'ZsStalkerFormula',
  z
    .object({
      base: z.number().int().describe('The fixed part.'),
      perStalker: z.number().int().describe('Added per Stalker.'),
      text: z.string().min(1).describe('The formula as printed.'),
    })
    .describe('A number that grows with the Stalker count: base + perStalker × Stalkers.'),
);

const ZsEnemyCard = named(
  'ZsEnemyCard',
  z
    .object({
      faction: describedEnum('ZsEnemyFaction', { Mutant: 'a Mutant Enemy card', Human: 'a Human Enemy card' }).describe('The Enemy deck the card is drawn from.'),
      icon: z.string().min(1).describe('The Enemy type icon as printed.'),
    })
    .describe('An Enemy card drawn at setup.'),
);

const enemyFields = {
  cards: z.array(ZsEnemyCard).min(1).describe('The Enemy cards to draw.'),
  placeFrom: z.string().min(1).nullable().describe('Where the standees are placed from, as printed.'),
  text: z.string().min(1).describe('The step as printed.'),
  bossStartsInBossSlot: z.boolean().describe('Whether the Boss starts in the Boss slot.'),
};

/** The enemies as served: Stalker counts in order, as a list. */
const ZsScenarioEnemiesView = named(
  'ZsScenarioEnemies',
  z
    .object({
      ...enemyFields,
      byStalkerCount: z
        .array(
          named(
            'ZsEnemiesForStalkerCount',
            z
              .object({
                stalkers: z.number().int().describe('The number of Stalkers, 1 to 4.'),
                groups: z.array(ZsEnemyGroup).describe('One group per Enemy card, in printed order.'),
              })
              .describe('The enemies for one Stalker count.'),
          ),
        )
        .describe('Stalker counts the rulebook omits are absent and named in gaps.'),
    })
    .describe('The enemies a scenario sets out.'),
);

/** One of the ten Zone Survival Scenarios, setup list through victory. */
export const ZsScenarioItem = BaseItem.extend({
  kind: z.literal('zs-scenario'),
  ...zsGameFields,
  number: z.number().int().min(1).max(10).describe('The printed scenario number, 1 to 10.'),
  page: z.number().int().positive().describe('The rulebook page the Step 0 list points to.'),
  scenarioType: describedEnum('ZsScenarioType', {
    Hunt: 'a Hunt scenario',
    Looting: 'a Looting scenario',
    Mission: 'a Mission scenario',
    Defend: 'a Defend scenario',
  }).describe('The scenario type, as printed.'),
  intro: z.string().min(1).describe('The introduction as printed (also served as `summary`).'),
  steps: z.array(ZsScenarioStep).min(1).describe('The setup list as printed.'),
  specialCardIds: linkTo('ZsCard', z.array(ContentId), 'Special cards the scenario uses.').describe('The ids of the Special cards the scenario uses (`specialCards`).'),
  unknownTokens: named(
    'ZsUnknownTokens',
    z
      .object({
        stacks: z.number().int().nonnegative().nullable().describe('How many stacks; null when the scenario does not say.'),
        tokensPerStack: z.number().int().nonnegative().nullable().describe('Tokens per stack; null when the scenario does not say.'),
        total: z.number().int().nonnegative().nullable().describe('Total tokens; null when the scenario does not say.'),
        removeFromPool: z.string().min(1).nullable().describe('Tokens to take out of the pool first, as printed.'),
        text: z.string().min(1).describe('The step as printed.'),
      })
      .describe('The Unknown tokens a scenario sets out at setup.'),
  )
    .nullable()
    .describe('Unknown tokens; null when the scenario sets none.'),
  enemies: z
    .object({
      ...enemyFields,
      /** Keys "1".."4"; groups are in the order the seed prints them. Missing counts are gaps. */
      byStalkerCount: z.record(z.enum(['1', '2', '3', '4']), z.array(ZsEnemyGroup).min(1)),
    })
    .nullable(),
  loot: named(
    'ZsLoot',
    z
      .object({
        tokensPerSlot: z.number().int().positive().describe('Loot tokens per Loot slot.'),
        extra: ZsStalkerFormula.nullable().describe('Extra Loot by Stalker count, when the scenario adds some.'),
        text: z.string().min(1).describe('The step as printed.'),
      })
      .describe('The Loot tokens a scenario sets out.'),
  )
    .nullable()
    .describe('Loot; null when the scenario sets none.'),
  eventDeck: named(
    'ZsEventDeck',
    z
      .object({
        size: z.number().int().positive().nullable().describe('A fixed size, when the scenario gives one.'),
        formula: ZsStalkerFormula.nullable().describe('The size by Stalker count, when it depends on it.'),
        text: z.string().min(1).describe('The step as printed.'),
      })
      .describe("The scenario's Event deck."),
  )
    .nullable()
    .describe('The Event deck; null when the rulebook does not give it.'),
  funds: z.number().int().nonnegative().nullable().describe('Team funds for equipment, in K; null when the rulebook does not give them (see gaps).'),
  stalkerEntrance: z.string().min(1).nullable().describe('Where the Stalkers start (the Stalker Entrance slot), as printed.'),
  mainObjective: named(
    'ZsMainObjective',
    z
      .object({
        lose: z.array(z.string().min(1)).min(1).describe('Loss conditions, as printed.'),
        win: z.array(z.string().min(1)).min(1).describe('Win conditions, as printed.'),
        other: z.array(z.string().min(1)).describe('Lines under the objective that are neither a loss nor a win.'),
      })
      .describe('The Main Objective: how the game is lost and won.'),
  ).describe('How the game is lost and won.'),
  valueTarget: ZsStalkerFormula.nullable().describe("Gather Supplies' collected-value goal, in K."),
  specialRules: z.array(z.string().min(1)).describe('Rules that apply only in this scenario, as printed.'),
  notes: z.array(z.string().min(1)).describe('Notes printed with the scenario.'),
});

/** One of the ten Zone Survival Maps; its layout is in the separate map booklet. */
export const ZsMapItem = BaseItem.extend({
  kind: z.literal('zs-map'),
  ...zsGameFields,
  number: z.number().int().min(1).max(10).describe('The printed map number, 1 to 10.'),
  layout: ZsLink,
});

/** One numbered entry of the Zone Survival Scriptbook. */
export const ZsScriptItem = BaseItem.extend({
  kind: z.literal('zs-script'),
  ...zsGameFields,
  number: z.number().int().min(1).max(999).describe('The printed script number.'),
  text: withSegments(
    z.string().min(1),
    '`text` cut into words, icons (by canonical id) and links ("Script 121" linked to that script).',
  ).describe('As printed; bullet lines start with "• " and are separated by newlines.'),
  links: z.array(ZsLink).describe('Where the script sends the reader, in printed order.'),
  transcriptionNotes: z.array(z.string().min(1)).describe("The transcriber's remarks about the printed page, kept out of the text."),
});

/** How a won game is scored, as numbers a scoring service can apply. */
export const ZsScoringItem = BaseItem.extend({
  kind: z.literal('zs-scoring'),
  ...zsGameFields,
  victoryPoints: z.number().int().describe('Points for a victory.'),
  pointsPerMinusIcon: z.number().int().describe('Points per [red minus icon] counted.'),
  pointsPerPlusIcon: z.number().int().describe('Points per [blue plus icon] counted (negative when they take points away).'),
  countedCardTypes: z
    .array(
      describedEnum('ZsCountedCardType', { setup: 'Setup cards', event: 'Event cards', character: 'Character cards' }).describe(
        'A card type whose score modifiers count.',
      ),
    )
    .min(1)
    .describe('Card types whose modifiers count, including discarded and undrawn cards.'),
  text: z.array(z.string().min(1)).min(1).describe('The scoring rules as printed, line by line.'),
  scenarioBonuses: z
    .array(
      named(
        'ZsScenarioBonus',
        z
          .object({
            scenarioId: pointsAt(ContentId).describe('The scenario the bonus applies to.'),
            points: z.number().int().describe('Points per step of collected value.'),
            perValueK: z.number().int().positive().describe('The step of collected value, in K.'),
            text: z.string().min(1).describe('The rule as printed.'),
          })
          .describe("A scenario's bonus points for collected value."),
      ),
    )
    .describe('Scenario-specific bonuses.'),
  examples: z
    .array(
      named(
        'ZsScoringExample',
        z
          .object({
            cardNames: z.array(z.string().min(1)).min(1).describe('The cards of the example; they share the modifier printed after them.'),
            scoreModifier: ZsModifierIcons.describe('The modifier the example prints.'),
            text: z.string().min(1).describe('The example as printed.'),
          })
          .describe("One of the rulebook's scoring examples."),
      ),
    )
    .describe("The rulebook's own examples."),
});

export type ZsLink = ItemLink;
type FaceOutcome = z.infer<typeof ZsFaceOutcome>;
type ZsCard = z.infer<typeof ZsCardItem>;

const compact = (texts: readonly (string | null | undefined)[]): string[] => texts.filter((text): text is string => !!text);

/** Stalker counts are record keys in the pack; the graph lists them in order. */
export function enemiesByStalkerCount<T>(byStalkerCount: Partial<Record<string, T[]>>): { stalkers: number; groups: T[] }[] {
  return Object.entries(byStalkerCount)
    .map(([stalkers, groups]) => ({ stalkers: Number(stalkers), groups: groups ?? [] }))
    .sort((a, b) => a.stalkers - b.stalkers);
}

/** Every printed text of a Zone Survival card, in the order the card is read. */
export function zsCardTexts(item: ZsCard): string[] {
  const faces = (outcomes: FaceOutcome[]) => outcomes.map((outcome) => `${outcome.faces.join(' ')}: ${outcome.text}`);
  return compact([
    item.request,
    item.story,
    ...item.setup,
    ...item.rules,
    ...item.actions.flatMap((action) => [`${action.name}: ${action.text}`, ...faces(action.outcomes)]),
    ...(item.fateTriggers?.always ?? []),
    ...faces(item.fateTriggers?.byFace ?? []),
  ]);
}

const linksView = (description: string) => z.array(ContentLinkView).describe(description);

/** S.T.A.L.K.E.R. Zone Survival (004). */
export const zsContentKinds = [
  defineContentKind({
    schema: ZsComponentItem,
    graphqlName: 'ZsComponent',
    description: 'A printed Zone Survival component that is not a token: a booklet or a deck of cards.',
  }),
  defineContentKind({ schema: ZsTokenItem, graphqlName: 'ZsToken', description: 'A Zone Survival token and how many the box holds.' }),
  defineContentKind({ schema: ZsEventTagItem, graphqlName: 'ZsEventTag', description: 'A tag printed on Event cards.' }),
  defineContentKind({
    schema: ZsHelpCardItem,
    graphqlName: 'ZsHelpCard',
    description: 'The Zone Survival Game Round Order help card.',
    groups: ['card'],
    entity: true,
    view: (item) => ({
      deckId: null,
      cardType: 'help',
      tags: [],
      texts: item.phases.flatMap((phase) => [`${phase.number}. ${phase.name}: ${phase.text}`, ...phase.steps]),
    }),
  }),
  defineContentKind({
    schema: ZsCardItem,
    graphqlName: 'ZsCard',
    description: 'A Zone Survival card.',
    groups: ['card'],
    entity: true,
    viewFields: {
      actions: z.array(ZsCardActionView).describe('Actions the card makes available.'),
      links: linksView('Scripts and cards the card sends the reader to.'),
    },
    view: (item, lookup) => {
      const icons = lookup.icons(item.gameId);
      return {
        texts: zsCardTexts(item),
        actions: item.actions.map((action) => ({ ...action, costIconId: icons.canonicalId(action.cost) ?? null })),
        links: item.links.map(contentLinkView),
      };
    },
    packProblems: zsCardNamingProblems,
  }),
  defineContentKind({
    schema: ZsScenarioItem,
    graphqlName: 'ZsScenario',
    description: 'One of the ten Zone Survival scenarios.',
    groups: ['scenario'],
    entity: true,
    viewFields: { enemies: ZsScenarioEnemiesView.nullable().describe('Enemies; null when the scenario sets none.') },
    view: (item) => ({
      summary: item.intro,
      setupSteps: item.steps.map((step) => ({ order: step.step, title: step.title, lines: step.text })),
      specialRules: item.specialRules.map((text) => ({ name: null, text })),
      victoryConditions: item.mainObjective.win,
      defeatConditions: item.mainObjective.lose,
      enemies: item.enemies && { ...item.enemies, byStalkerCount: enemiesByStalkerCount(item.enemies.byStalkerCount) },
    }),
  }),
  defineContentKind({
    schema: ZsMapItem,
    graphqlName: 'ZsMap',
    description: 'One of the ten Zone Survival maps.',
    groups: ['map'],
    viewFields: {
      layout: ContentLinkView.describe('Where the layout is printed (the map booklet, which the rulebooks do not contain).'),
    },
    view: (item) => ({ layout: contentLinkView(item.layout) }),
  }),
  defineContentKind({
    schema: ZsScriptItem,
    graphqlName: 'Script',
    description: 'A numbered entry of a Scriptbook. `links` resolve to their targets, so a reader can follow them in one query.',
    groups: ['script'],
    entity: true,
    viewFields: { links: linksView('Where the script sends the reader, in printed order.') },
    view: (item) => ({ links: item.links.map(contentLinkView) }),
    citedAs: (item) => ({ scriptNumber: item.number }),
  }),
  defineContentKind({
    schema: ZsScoringItem,
    graphqlName: 'ZsScoring',
    description: 'How a won Zone Survival game is scored.',
    servedElsewhere: ['text'],
    viewFields: { lines: z.array(z.string()).describe('The scoring rules as printed, line by line.') },
    view: (item) => ({ lines: item.text }),
  }),
] as const;
