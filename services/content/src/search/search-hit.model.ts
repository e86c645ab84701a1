import { Type } from '@nestjs/common';
import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A match inside `SearchSnippet.text`, as offsets in UTF-16 code units.' })
export class TextRange {
  @Field(() => Int, { description: 'Offset of the first character of the match.' }) start!: number;
  @Field(() => Int, { description: 'Offset just after the last character of the match.' }) end!: number;
}

@ObjectType({ description: 'An excerpt of the matching field with the matches marked.' })
export class SearchSnippet {
  @Field({ description: 'An excerpt around the first match; … marks a cut.' }) text!: string;
  @Field({ description: 'The excerpt with each match wrapped in « and ».' }) marked!: string;
  @Field(() => [TextRange], { description: 'Where the matches are in `text`, for custom highlighting.' }) highlights!: TextRange[];
}

/** One search result; its item is any content item, whose interface is made from the kinds. */
export function searchHitType(contentItem: Type<unknown>): Type<unknown> {
  @ObjectType('SearchHit', { description: 'One search result, best first.' })
  class SearchHit {
    @Field(() => contentItem, { description: 'The matching item.' }) item!: unknown;
    @Field(() => Float, { description: 'Higher is better; comparable within one query only.' }) score!: number;
    @Field({ description: 'The field the snippet comes from: `name` or `text`.' }) field!: string;
    @Field(() => SearchSnippet, { description: 'An excerpt around the first match.' }) snippet!: SearchSnippet;
  }
  return SearchHit;
}
