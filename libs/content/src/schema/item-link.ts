import { z } from 'zod';
import { describedEnum, named } from '@scriptbook/schema';
import { linkTo, pointsAt } from '../kinds/annotations';
import { ContentId, ExternalRef } from './common';

/** The item a link leads to; the texts around a link name it, so their segments link it too. */
const target = pointsAt(ContentId, { cited: true }).describe('The item the text sends the reader to.');

/**
 * Where a text sends the reader. `see` is an unconditional or prose-conditioned
 * "see Script N"; `die-face` and `choice` are branches of a roll or a choice;
 * `card` is a card the text tells you to find or put into play; `external`
 * points into a book the seed does not contain, so it is never an id.
 */
export const ItemLink = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('see'), target }),
    z.object({
      type: z.literal('die-face'),
      face: z.string().min(1).describe('The die face that selects this branch, as printed.'),
      faceId: ContentId.describe('The canonical icon id of that face.'),
      target,
    }),
    z.object({ type: z.literal('choice'), label: z.string().min(1).describe('The option that selects this branch, as printed.'), target }),
    z.object({ type: z.literal('card'), target }),
    z.object({
      type: z.literal('external'),
      book: z.string().min(1).describe('The book the rulebooks do not contain.'),
      ref: z.string().min(1).describe('The place in that book, as printed.'),
    }),
  ])
  .describe('Where a text sends the reader.');

export type ItemLink = z.infer<typeof ItemLink>;

const LinkType = describedEnum('ContentLinkType', {
  see: 'go to the target',
  'die-face': 'go there on that roll result',
  choice: 'go there if the reader picks `label`',
  card: 'find or play the target card',
  external: 'a book the rulebooks lack',
});

/** A link as the graph serves it: one shape for every type, the fields of other types null. */
export const ContentLinkView = named(
  'ContentLink',
  z
    .object({
      type: LinkType.describe('What the link asks of the reader.'),
      face: z.string().nullable().describe('die-face only: the die face that selects this branch, as printed.'),
      faceId: ContentId.nullable().describe('die-face only: the canonical icon id of that face; match roll results by it.'),
      label: z.string().nullable().describe('choice only: the option that selects this branch, as printed.'),
      targetId: linkTo('ContentItem', ContentId.nullable(), 'The linked script or card, ready to follow; null for `external`.').describe(
        'The id of the linked item; null for `external`.',
      ),
      external: ExternalRef.nullable().describe('external only: the book and place the text points into.'),
    })
    .describe(
      'Where a text sends the reader. `see`, `die-face`, `choice` and `card` point at an item of the packs and ' +
        '`target` resolves it; `external` points into a book the rulebooks do not contain and carries `external` instead.',
    ),
);

export function contentLinkView(link: ItemLink): z.infer<typeof ContentLinkView> {
  return {
    type: link.type,
    face: link.type === 'die-face' ? link.face : null,
    faceId: link.type === 'die-face' ? link.faceId : null,
    label: link.type === 'choice' ? link.label : null,
    targetId: link.type === 'external' ? null : link.target,
    external: link.type === 'external' ? { book: link.book, ref: link.ref } : null,
  };
}
