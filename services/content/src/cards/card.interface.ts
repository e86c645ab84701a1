import { Directive, Field, ID, InterfaceType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { graphqlTypeOfView } from '../common/graphql-type';
import { SegmentedText } from '../common/text-segment.model';
import { Deck } from '../kinds/shared/shared-kinds.model';

@InterfaceType('Card', {
  implements: () => [ContentItemInterface],
  description: 'A card of any game. `texts` lists every printed text in reading order, for a plain card view.',
  resolveType: graphqlTypeOfView,
})
@Directive('@key(fields: "id")')
export abstract class CardInterface extends ContentItemInterface {
  @Field(() => ID, { nullable: true, description: 'The deck the card ships in or lies in during play; null for cards outside any deck.' })
  deckId!: string | null;
  @Field(() => Deck, { nullable: true, description: 'That deck; null when `deckId` is.' }) deck!: unknown;
  @Field(() => String, { nullable: true, description: 'What the card is, in the seed or the schema words.' })
  cardType!: string | null;
  @Field(() => [String], { description: 'Tags printed on the card; empty where a game has none.' }) tags!: string[];
  @Field(() => [String], { description: 'Every printed text of the card, in reading order.' }) texts!: string[];
  @Field(() => [SegmentedText], { description: 'Each of `texts`, in the same order, cut into words, icons and links.' })
  textSegments!: SegmentedText[];
}
