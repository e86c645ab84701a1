import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ExternalRef } from '../common/provenance.model';

const implementsContentItem = () => [ContentItemInterface];

@ObjectType()
export class HopeRoundEnd {
  @Field(() => Int) hopeDiceAdded!: number;
  @Field(() => Int) roundCounterAdvance!: number;
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'The shape of a Hope Inhumanity game.' })
export class HopeGameStructure extends ContentItemInterface {
  @Field(() => Int) rounds!: number;
  @Field() playOrder!: string;
  @Field(() => [Int], { description: 'Faces that count as a success on any die.' }) successFaces!: number[];
  @Field() successCheck!: string;
  @Field(() => [ID]) dieIds!: string[];
  @Field(() => HopeRoundEnd) roundEnd!: HopeRoundEnd;
  @Field() text!: string;
  @Field(() => [ExternalRef]) externalRefs!: ExternalRef[];
}

@ObjectType({ implements: implementsContentItem, description: "One step of a player's turn." })
export class HopeTurnStep extends ContentItemInterface {
  @Field(() => Int) order!: number;
  @Field(() => ID) ruleSectionId!: string;
  @Field() text!: string;
  @Field({ description: 'The branch of the turn the step belongs to: always, act, avoid, ...' }) when!: string;
  @Field(() => [ExternalRef]) externalRefs!: ExternalRef[];
}

export const HOPE_KIND_TYPES = [HopeGameStructure, HopeTurnStep];
