import { Field, ID, InputType } from '@nestjs/graphql';

@InputType({ description: 'Every given condition must hold.' })
export class CardFilter {
  @Field(() => ID, { nullable: true, description: 'A game id from `games`.' }) gameId?: string | null;
  @Field(() => ID, { nullable: true, description: 'A deck id, e.g. `stalker-zs:deck:special`.' }) deck?: string | null;
  @Field(() => String, { nullable: true, description: 'A printed tag, matched exactly (case-insensitive).' }) tag?: string | null;
  @Field(() => String, { nullable: true, description: 'Part of the card name (case-insensitive); must not be empty.' }) name?: string | null;
}
