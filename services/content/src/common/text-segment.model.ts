import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ContentItemInterface } from './content-item.interface';
import { Icon } from './icon.model';

export enum TextSegmentKind {
  TEXT = 'TEXT',
  ICON = 'ICON',
  LINK = 'LINK',
}
registerEnumType(TextSegmentKind, {
  name: 'TextSegmentKind',
  description: 'What a segment of a printed text is, and so how to render it.',
  valuesMap: {
    TEXT: { description: 'Plain words: render `text` as is.' },
    ICON: { description: 'A printed pictogram: draw the icon `iconId` (see `icon`), or show `text` where no picture exists.' },
    LINK: { description: 'A reference to another item (a script, a card): render `text` as a link to `target`.' },
  },
});

@ObjectType({
  description:
    'One piece of a printed text. Joining the `text` of every segment in order gives the printed string back exactly.',
})
export class TextSegment {
  @Field(() => TextSegmentKind, { description: 'TEXT, ICON or LINK: how to render this piece.' }) kind!: TextSegmentKind;
  @Field({ description: 'The piece as printed; for an icon, its bracketed spelling such as `[yellow icon]`.' }) text!: string;
  @Field(() => ID, { nullable: true, description: 'ICON only: the canonical icon id, the same for every spelling of one icon.' })
  iconId!: string | null;
  @Field(() => Icon, { nullable: true, description: "ICON only: the icon's catalogue entry, with its meaning where the seed states it." })
  icon!: unknown;
  @Field(() => ID, { nullable: true, description: 'LINK only: the id of the linked item.' }) targetId!: string | null;
  @Field(() => ContentItemInterface, { nullable: true, description: 'LINK only: the linked item, ready to follow.' })
  target!: unknown;
}

@ObjectType({ description: 'A printed text of an item together with its segments.' })
export class SegmentedText {
  @Field({
    description: 'Where the text is, as a dotted path from the item (`text`, `rules.0`, `setup.steps.2.bullets.1`, `setupSteps.0.lines.1`).',
  })
  field!: string;
  @Field({ description: 'The text as printed.' }) text!: string;
  @Field(() => [TextSegment], { description: 'The text cut into words, icons and links, in order.' }) segments!: TextSegment[];
}
