import { Field, ID, InputType } from '@nestjs/graphql';

@InputType({ description: 'Which cards to list; every given condition must hold, and an absent one does not filter.' })
export class CardFilter {
  @Field(() => ID, { nullable: true, description: 'Only cards of this game, an id from `games`.' }) gameId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Only cards of this deck, a `deck` item id (`<game>:deck:<name>`).' }) deck?: string | null;
  @Field(() => String, { nullable: true, description: 'Only cards with this printed tag, matched exactly (case-insensitive).' })
  tag?: string | null;
  @Field(() => String, { nullable: true, description: 'Only cards whose name contains this text (case-insensitive); must not be empty.' })
  name?: string | null;
}
