import { Field, ID, InterfaceType } from '@nestjs/graphql';
import { Gap, Provenance } from './provenance.model';
import { graphqlTypeOf } from '../items/kind-types';

/** Every item of every pack implements this, so `contentItem(id)` can reach all of them. */
@InterfaceType('ContentItem', {
  description: 'Any item of the content packs.',
  resolveType: (item: { kind: string }) => graphqlTypeOf(item.kind),
})
export abstract class ContentItemInterface {
  @Field(() => ID) id!: string;
  @Field({ description: 'The item kind of the pack schema, e.g. `zs-card`.' }) kind!: string;
  @Field() name!: string;
  @Field(() => ID, { description: 'The game the item belongs to; a game is its own game.' }) gameId!: string;
  @Field(() => Provenance) provenance!: Provenance;
  @Field(() => [Gap]) gaps!: Gap[];
}
