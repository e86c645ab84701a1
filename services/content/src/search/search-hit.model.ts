import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';

@ObjectType({ description: 'A match inside `SearchSnippet.text`, as offsets in UTF-16 code units.' })
export class TextRange {
  @Field(() => Int) start!: number;
  @Field(() => Int) end!: number;
}

@ObjectType()
export class SearchSnippet {
  @Field({ description: 'An excerpt around the first match; … marks a cut.' }) text!: string;
  @Field({ description: 'The excerpt with each match wrapped in « and ».' }) marked!: string;
  @Field(() => [TextRange]) highlights!: TextRange[];
}

@ObjectType({ description: 'One search result, best first.' })
export class SearchHit {
  @Field(() => ContentItemInterface) item!: unknown;
  @Field(() => Float, { description: 'Higher is better; comparable within one query only.' }) score!: number;
  @Field({ description: 'The field the snippet comes from: `name` or `text`.' }) field!: string;
  @Field(() => SearchSnippet) snippet!: SearchSnippet;
}
