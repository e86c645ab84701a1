import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ExternalRef } from '../common/provenance.model';
import { RollTable } from '../items/shared-kinds.model';
import { TwomTrack } from '../items/twom-kinds.model';
import { CardInterface } from './card.interface';

const implementsCard = () => [CardInterface, ContentItemInterface];

@ObjectType({ description: 'A labelled part printed on a card (Needs, Aid, Reward, Penalty...).' })
export class TwomCardOption {
  @Field() label!: string;
  @Field() text!: string;
}

@ObjectType({ implements: implementsCard, description: 'A This War of Mine card.' })
@Directive('@key(fields: "id")')
export class TwomCard extends CardInterface {
  @Field(() => ID) moduleId!: string;
  @Field(() => ID, { nullable: true, description: 'The base deck the card is shuffled into.' }) shuffleIntoDeckId?: string;
  @Field(() => ID, { nullable: true }) scenarioId?: string;
  @Field(() => Int) copies!: number;
  @Field(() => String, { nullable: true, description: 'Null when the seed names the card but not its text (see gaps).' })
  text!: string | null;
  @Field(() => [TwomCardOption]) options!: TwomCardOption[];
  @Field(() => [RollTable]) rollTables!: unknown[];
  @Field(() => [TwomTrack]) tracks!: unknown[];
  @Field(() => [ExternalRef]) externalRefs!: ExternalRef[];
}

@ObjectType({ implements: implementsCard, description: 'A Hope Inhumanity card type and where its cards go at setup.' })
@Directive('@key(fields: "id")')
export class HopeCardType extends CardInterface {
  @Field({ description: 'dice, scene, character or condition.' }) category!: string;
  @Field() placement!: string;
  @Field({ description: 'The setup line the type is read from.' }) text!: string;
  @Field({ nullable: true }) expansion?: string;
  @Field(() => [ExternalRef]) externalRefs!: ExternalRef[];
}

@ObjectType()
export class ZsRoundPhase {
  @Field(() => Int) number!: number;
  @Field() name!: string;
  @Field() text!: string;
  @Field(() => [String]) steps!: string[];
}

@ObjectType({ implements: implementsCard, description: 'The Zone Survival Game Round Order help card.' })
@Directive('@key(fields: "id")')
export class ZsHelpCard extends CardInterface {
  @Field(() => [ZsRoundPhase]) phases!: ZsRoundPhase[];
  @Field({ nullable: true }) note?: string;
}
