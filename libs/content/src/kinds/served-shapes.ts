import { z } from 'zod';
import { describedEnum, named, servedBeside } from '@scriptbook/schema';
import { IconEntry } from '../icons/icon-catalogue.schema';
import { ContentId, Gap, ITEM_NAME_DESCRIPTION, Provenance } from '../schema/common';
import { linkTo, withEachSegmented, withSegments } from './annotations';

/**
 * The shapes every kind is served in beside its own fields: the interfaces
 * of the content graph and the parts of a printed text. Zod schemas like the
 * kinds' own, so their GraphQL types are made the same way.
 */

export const ITEM_INTERFACE = 'ContentItem';

export const TextSegmentView = named(
  'TextSegment',
  z
    .object({
      kind: describedEnum('TextSegmentKind', {
        TEXT: 'Plain words: render `text` as is.',
        ICON: 'A printed pictogram: draw the icon `iconId` (see `icon`), or show `text` where no picture exists.',
        LINK: 'A reference to another item (a script, a card): render `text` as a link to `target`.',
      }).describe('What a segment of a printed text is, and so how to render it.'),
      text: z.string().describe('The piece as printed; for an icon, its bracketed spelling such as `[yellow icon]`.'),
      iconId: servedBeside(ContentId.nullable(), {
        name: 'icon',
        type: 'Icon',
        list: false,
        description: "ICON only: the icon's catalogue entry, with its meaning where the rulebook states it.",
      }).describe('ICON only: the canonical icon id, the same for every spelling of one icon.'),
      targetId: servedBeside(ContentId.nullable(), {
        name: 'target',
        type: ITEM_INTERFACE,
        list: false,
        description: 'LINK only: the linked item, ready to follow.',
      }).describe('LINK only: the id of the linked item.'),
    })
    .describe('One piece of a printed text. Joining the `text` of every segment in order gives the printed string back exactly.'),
);

export const SegmentedTextView = named(
  'SegmentedText',
  z
    .object({
      field: z
        .string()
        .describe('Where the text is, as a dotted path from the item (`text`, `rules.0`, `setup.steps.2.bullets.1`, `setupSteps.0.lines.1`).'),
      text: z.string().describe('The text as printed.'),
      segments: z.array(TextSegmentView).describe('The text cut into words, icons and links, in order.'),
    })
    .describe('A printed text of an item together with its segments.'),
);

export const IconView = named(
  'Icon',
  IconEntry.extend({
    spellings: z
      .array(z.string())
      .describe('Every bracketed spelling in the texts that means this icon, e.g. `[yellow icon]`, `[yellow item icon]`.'),
  }).describe(
    'A printed pictogram of a game, under one canonical id whatever spelling the transcription uses. Match icons (and die faces) by `id`, never by spelling.',
  ),
);

export const ScenarioSetupStepView = named(
  'ScenarioSetupStep',
  z
    .object({
      order: z.number().int().nullable().describe('The printed step number; null for unnumbered steps.'),
      title: z.string().describe('The step title as printed.'),
      lines: withEachSegmented(z.array(z.string()), 'lineSegments', 'Each of `lines`, in the same order, cut into words, icons and links.').describe(
        'The step, line by line as printed.',
      ),
    })
    .describe('A setup step in a shape every game shares.'),
);

export const ScenarioRuleView = named(
  'ScenarioRule',
  z
    .object({
      name: z.string().nullable().describe('The rule title as printed; null where the rulebook prints none.'),
      text: withSegments(z.string()).describe('The rule as printed.'),
    })
    .describe('A special rule; `name` is null where the rulebook prints none.'),
);

/** What every item of every pack serves. */
export const ContentItemFields = z
  .object({
    id: ContentId.describe('Stable id, `<game>:<kind>:<slug>` (a game is its bare prefix); safe to store, never changes.'),
    kind: z
      .string()
      .describe(
        'The item kind of the pack schema: a game prefix and a name for a kind of one game, a bare name (`deck`, `die`) for one every game shares; `contentItems(kinds:)` filters by it.',
      ),
    name: z.string().describe(ITEM_NAME_DESCRIPTION),
    gameId: ContentId.describe('The game the item belongs to; a game is its own game.'),
    provenance: Provenance.describe('The rulebook and heading the text is quoted from; show it as the source.'),
    gaps: z.array(Gap).describe('Parts the rulebook leaves out; show each note where the part would be.'),
    segmentedTexts: z
      .array(SegmentedTextView)
      .describe(
        'Every printed text of the item, in the order the pack holds them, each with its segments (words, icons, links) ' +
          'for rendering icons as pictures and links as taps. `field` says which field a text is.',
      ),
  })
  .describe('Any item of the content packs: a game, card, scenario, script, rule section, table and so on.');

/** What every card of every game serves. */
export const CardFields = ContentItemFields.extend({
  deckId: linkTo('Deck', ContentId.nullable(), 'That deck; null when `deckId` is.').describe(
    'The deck the card ships in or lies in during play; null for cards outside any deck.',
  ),
  cardType: z.string().nullable().describe('What the card is, in the rulebook or the schema words.'),
  tags: z.array(z.string()).describe('Tags printed on the card; empty where a game has none.'),
  texts: withEachSegmented(z.array(z.string()), 'textSegments', 'Each of `texts`, in the same order, cut into words, icons and links.').describe(
    'Every printed text of the card, in reading order.',
  ),
}).describe('A card of any game. `texts` lists every printed text in reading order, for a plain card view.');

/** What every scenario of every game serves. */
export const ScenarioFields = ContentItemFields.extend({
  moduleId: ContentId.nullable().describe('The module the scenario belongs to; null for games without modules.'),
  number: z.number().int().nullable().describe('The printed scenario number, where the game numbers them.'),
  summary: z.string().describe('The one-paragraph introduction.'),
  setupSteps: z.array(ScenarioSetupStepView).describe('The setup, step by step, in a shape every game shares.'),
  victoryConditions: z.array(z.string()).describe('How the scenario is won, as printed.'),
  defeatConditions: z.array(z.string()).describe('How the scenario is lost, as printed.'),
  specialRules: z.array(ScenarioRuleView).describe('Rules that apply only in this scenario.'),
}).describe('A scenario of any game: summary, setup steps, victory and defeat, special rules.');
