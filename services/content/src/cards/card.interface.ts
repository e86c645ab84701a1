import { Directive, Field, ID, InterfaceType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { Deck } from '../items/shared-kinds.model';
import { graphqlTypeOf } from '../items/kind-types';

@InterfaceType('Card', {
  implements: () => [ContentItemInterface],
  description: 'A card of any game. `texts` lists every printed text in reading order, for a plain card view.',
  resolveType: (item: { kind: string }) => graphqlTypeOf(item.kind),
})
@Directive('@key(fields: "id")')
export abstract class CardInterface extends ContentItemInterface {
  @Field(() => ID, { nullable: true }) deckId!: string | null;
  @Field(() => Deck, { nullable: true }) deck!: unknown;
  @Field(() => String, { nullable: true, description: 'What the card is, in the seed or the schema words.' })
  cardType!: string | null;
  @Field(() => [String], { description: 'Tags printed on the card; empty where a game has none.' }) tags!: string[];
  @Field(() => [String], { description: 'Every printed text of the card, in reading order.' }) texts!: string[];
}
