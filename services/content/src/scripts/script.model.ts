import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ContentLink } from '../common/content-link.model';

@ObjectType({
  implements: () => [ContentItemInterface],
  description: 'A numbered entry of a Scriptbook. `links` resolve to their targets, so a reader can follow them in one query.',
})
export class Script extends ContentItemInterface {
  @Field(() => Int) number!: number;
  @Field({ description: 'As printed; bullet lines start with "• " and are separated by newlines.' }) text!: string;
  @Field(() => [ContentLink]) links!: ContentLink[];
  @Field(() => [String], { description: "The transcriber's remarks about the printed page." }) transcriptionNotes!: string[];
}
