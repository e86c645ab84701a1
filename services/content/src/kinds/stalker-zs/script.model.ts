import { Directive, Field, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ContentLink } from '../../common/content-link.model';
import { TextSegment } from '../../common/text-segment.model';

@ObjectType({
  implements: () => [ContentItemInterface],
  description: 'A numbered entry of a Scriptbook. `links` resolve to their targets, so a reader can follow them in one query.',
})
@Directive('@key(fields: "id")')
export class Script extends ContentItemInterface {
  @Field(() => Int, { description: 'The printed script number.' }) number!: number;
  @Field({ description: 'As printed; bullet lines start with "• " and are separated by newlines.' }) text!: string;
  @Field(() => [TextSegment], {
    description: '`text` cut into words, icons (by canonical id) and links ("Script 121" linked to that script).',
  })
  segments!: TextSegment[];
  @Field(() => [ContentLink], { description: 'Where the script sends the reader, in printed order.' }) links!: ContentLink[];
  @Field(() => [String], { description: "The transcriber's remarks about the printed page, kept out of the text." }) transcriptionNotes!: string[];
}
