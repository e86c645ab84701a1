import { Field, ID, InterfaceType } from '@nestjs/graphql';
import { graphqlTypeOfView } from './graphql-type';
import { Gap, Provenance } from './provenance.model';
import { SegmentedText } from './text-segment.model';

/** Every item of every pack implements this, so `contentItem(id)` can reach all of them. */
@InterfaceType('ContentItem', {
  description: 'Any item of the content packs: a game, card, scenario, script, rule section, table and so on.',
  resolveType: graphqlTypeOfView,
})
export abstract class ContentItemInterface {
  @Field(() => ID, { description: 'Stable id, `<game>:<kind>:<slug>` (a game is its bare prefix); safe to store, never changes.' })
  id!: string;
  @Field({ description: 'The item kind of the pack schema, e.g. `zs-card`; `contentItems(kinds:)` filters by it.' }) kind!: string;
  @Field({ description: 'The name as printed, for headings and lists.' }) name!: string;
  @Field(() => ID, { description: 'The game the item belongs to; a game is its own game.' }) gameId!: string;
  @Field(() => Provenance, { description: 'The seed and heading the text is quoted from; show it as the source.' })
  provenance!: Provenance;
  @Field(() => [Gap], { description: 'Parts the seed leaves out; show each note where the part would be.' }) gaps!: Gap[];
  @Field(() => [SegmentedText], {
    description:
      'Every printed text of the item, in the order the pack holds them, each with its segments (words, icons, links) ' +
      'for rendering icons as pictures and links as taps. `field` says which field a text is.',
  })
  segmentedTexts!: SegmentedText[];
}
