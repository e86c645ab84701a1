import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ContentLink } from '../../common/content-link.model';
import { TextSegment } from '../../common/text-segment.model';

const implementsContentItem = () => [ContentItemInterface];

@ObjectType({ implements: implementsContentItem, description: 'A printed Zone Survival component that is not a token: a booklet or a deck of cards.' })
export class ZsComponent extends ContentItemInterface {
  @Field({ description: 'paper or cards.' }) category!: string;
  @Field(() => Int, { description: 'How many the box holds.' }) count!: number;
  @Field(() => ID, { nullable: true, description: 'The deck these cards form, for card components.' }) deckId?: string;
  @Field({ nullable: true, description: 'A remark of the seed about the component.' }) note?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A Zone Survival token and how many the box holds.' })
export class ZsToken extends ContentItemInterface {
  @Field({ description: 'tokens or other-tokens: the list the component list prints it in.' }) group!: string;
  @Field(() => Int, { description: 'How many the box holds.' }) count!: number;
  @Field({ nullable: true, description: 'A remark of the seed about the token.' }) note?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A tag printed on Event cards.' })
export class ZsEventTag extends ContentItemInterface {
  @Field({ description: "The rulebook's reading of the tag." }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@ObjectType({ implements: implementsContentItem, description: 'One of the ten Zone Survival maps.' })
export class ZsMap extends ContentItemInterface {
  @Field(() => Int, { description: 'The printed map number, 1 to 10.' }) number!: number;
  @Field(() => ContentLink, { description: 'Where the layout is printed (the map booklet, which the seeds do not contain).' })
  layout!: ContentLink;
}

@ObjectType({ description: "A scenario's bonus points for collected value." })
export class ZsScenarioBonus {
  @Field(() => ID, { description: 'The scenario the bonus applies to.' }) scenarioId!: string;
  @Field(() => Int, { description: 'Points per step of collected value.' }) points!: number;
  @Field(() => Int, { description: 'The step of collected value, in K.' }) perValueK!: number;
  @Field({ description: 'The rule as printed.' }) text!: string;
}

@ObjectType({ description: 'How many plus and minus icons, as the rulebook prints them in its scoring examples.' })
export class ZsModifierIcons {
  @Field(() => Int, { description: 'How many [blue plus icon].' }) plus!: number;
  @Field(() => Int, { description: 'How many [red minus icon].' }) minus!: number;
}

@ObjectType({ description: "One of the rulebook's scoring examples." })
export class ZsScoringExample {
  @Field(() => [String], { description: 'The cards of the example; they share the modifier printed after them.' }) cardNames!: string[];
  @Field(() => ZsModifierIcons, { description: 'The modifier the example prints.' }) scoreModifier!: ZsModifierIcons;
  @Field({ description: 'The example as printed.' }) text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'How a won Zone Survival game is scored.' })
export class ZsScoring extends ContentItemInterface {
  @Field(() => Int, { description: 'Points for a victory.' }) victoryPoints!: number;
  @Field(() => Int, { description: 'Points per [red minus icon] counted.' }) pointsPerMinusIcon!: number;
  @Field(() => Int, { description: 'Points per [blue plus icon] counted (negative when they take points away).' }) pointsPerPlusIcon!: number;
  @Field(() => [String], { description: 'Card types whose modifiers count, including discarded and undrawn cards.' }) countedCardTypes!: string[];
  @Field(() => [String], { description: 'The scoring rules as printed, line by line.' }) lines!: string[];
  @Field(() => [ZsScenarioBonus], { description: 'Scenario-specific bonuses.' }) scenarioBonuses!: ZsScenarioBonus[];
  @Field(() => [ZsScoringExample], { description: "The rulebook's own examples." }) examples!: ZsScoringExample[];
}
