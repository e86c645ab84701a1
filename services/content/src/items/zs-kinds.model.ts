import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ContentLink } from '../common/content-link.model';
import { ZsScoreModifier } from '../cards/zs-card.model';

const implementsContentItem = () => [ContentItemInterface];

@ObjectType({ implements: implementsContentItem, description: 'A printed Zone Survival component that is not a token.' })
export class ZsComponent extends ContentItemInterface {
  @Field() category!: string;
  @Field(() => Int) count!: number;
  @Field(() => ID, { nullable: true }) deckId?: string;
  @Field({ nullable: true }) note?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A Zone Survival token and how many the box holds.' })
export class ZsToken extends ContentItemInterface {
  @Field({ description: 'tokens or other-tokens: the list the component list prints it in.' }) group!: string;
  @Field(() => Int) count!: number;
  @Field({ nullable: true }) note?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A tag printed on Event cards.' })
export class ZsEventTag extends ContentItemInterface {
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'One of the ten Zone Survival maps.' })
export class ZsMap extends ContentItemInterface {
  @Field(() => Int) number!: number;
  @Field(() => ContentLink, { description: 'Where the layout is printed.' }) layout!: ContentLink;
}

@ObjectType()
export class ZsScenarioBonus {
  @Field(() => ID) scenarioId!: string;
  @Field(() => Int) points!: number;
  @Field(() => Int) perValueK!: number;
  @Field() text!: string;
}

@ObjectType()
export class ZsScoringExample {
  @Field(() => [String]) cardNames!: string[];
  @Field(() => ZsScoreModifier) scoreModifier!: ZsScoreModifier;
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'How a won Zone Survival game is scored.' })
export class ZsScoring extends ContentItemInterface {
  @Field(() => Int) victoryPoints!: number;
  @Field(() => Int) pointsPerMinusIcon!: number;
  @Field(() => Int) pointsPerPlusIcon!: number;
  @Field(() => [String]) countedCardTypes!: string[];
  @Field(() => [String], { description: 'The scoring rules as printed.' }) lines!: string[];
  @Field(() => [ZsScenarioBonus]) scenarioBonuses!: ZsScenarioBonus[];
  @Field(() => [ZsScoringExample]) examples!: ZsScoringExample[];
}

export const ZS_KIND_TYPES = [ZsComponent, ZsToken, ZsEventTag, ZsMap, ZsScoring];
