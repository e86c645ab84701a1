import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { CardInterface } from '../../cards/card.interface';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ExternalRef } from '../../common/provenance.model';
import { TextSegment } from '../../common/text-segment.model';

const implementsContentItem = () => [ContentItemInterface];

@ObjectType({ implements: () => [CardInterface, ContentItemInterface], description: 'A Hope Inhumanity card type and where its cards go at setup.' })
@Directive('@key(fields: "id")')
export class HopeCardType extends CardInterface {
  @Field({ description: 'dice, scene, character or condition (also served as `cardType`).' }) category!: string;
  @Field({ description: 'Where the cards go at setup: each-player, center, scene-decks, near-scene-decks or nearby.' }) placement!: string;
  @Field({ description: 'The setup line the type is read from.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
  @Field({ nullable: true, description: 'The expansion the type belongs to, when it is not the base game.' }) expansion?: string;
  @Field(() => [ExternalRef], { description: 'Expansions the seed names but does not contain.' }) externalRefs!: ExternalRef[];
}

@ObjectType({ description: 'What happens at the end of each round.' })
export class HopeRoundEnd {
  @Field(() => Int, { description: 'Hope dice added to the shared pool.' }) hopeDiceAdded!: number;
  @Field(() => Int, { description: 'How far the round counter moves.' }) roundCounterAdvance!: number;
  @Field({ description: 'The rule as printed.' }) text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'The shape of a Hope Inhumanity game.' })
export class HopeGameStructure extends ContentItemInterface {
  @Field(() => Int, { description: 'How many rounds a game lasts.' }) rounds!: number;
  @Field({ description: 'clockwise or counter-clockwise.' }) playOrder!: string;
  @Field(() => [Int], { description: 'Faces that count as a success on any die.' }) successFaces!: number[];
  @Field({ description: 'How a Scene is decided: `successes-at-least-total-hardship`.' }) successCheck!: string;
  @Field(() => [ID], { description: 'The dice of the game (`die` items).' }) dieIds!: string[];
  @Field(() => HopeRoundEnd, { description: 'What happens at the end of each round.' }) roundEnd!: HopeRoundEnd;
  @Field({ description: 'The rule text the structure is read from.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
  @Field(() => [ExternalRef], { description: 'Expansions the seed names but does not contain.' }) externalRefs!: ExternalRef[];
}

@ObjectType({ implements: implementsContentItem, description: "One step of a player's turn." })
export class HopeTurnStep extends ContentItemInterface {
  @Field(() => Int, { description: 'Position in the turn, from 1.' }) order!: number;
  @Field(() => ID, { description: 'The rule section the step is read from.' }) ruleSectionId!: string;
  @Field({ description: 'The step as printed.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
  @Field({ description: 'The branch of the turn the step belongs to: always, act, avoid, no-roll, roll, success or failure.' }) when!: string;
  @Field(() => [ExternalRef], { description: 'Expansions the seed names but does not contain.' }) externalRefs!: ExternalRef[];
}
