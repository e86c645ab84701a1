import { Directive, Field, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ContentLink } from '../common/content-link.model';
import { CardInterface } from './card.interface';

@ObjectType({ description: 'The plus and minus icons above a card title; only victories are scored with them.' })
export class ZsScoreModifier {
  @Field(() => Int) plus!: number;
  @Field(() => Int) minus!: number;
}

@ObjectType({ description: 'What happens on the listed die faces (verbatim icon labels).' })
export class ZsFaceOutcome {
  @Field(() => [String]) faces!: string[];
  @Field() text!: string;
}

@ObjectType()
export class ZsFateTriggers {
  @Field(() => [String], { description: 'Effects that fire on every roll.' }) always!: string[];
  @Field(() => [ZsFaceOutcome]) byFace!: ZsFaceOutcome[];
}

@ObjectType()
export class ZsCardAction {
  @Field() cost!: string;
  @Field() name!: string;
  @Field({ nullable: true }) condition?: string;
  @Field() text!: string;
  @Field(() => [ZsFaceOutcome]) outcomes!: ZsFaceOutcome[];
}

@ObjectType({ implements: () => [CardInterface, ContentItemInterface], description: 'A Zone Survival card.' })
@Directive('@key(fields: "id")')
export class ZsCard extends CardInterface {
  @Field(() => Int, { nullable: true, description: "The Special deck's corner number, used to randomise setup." })
  randomNumber!: number | null;
  @Field(() => ZsScoreModifier, { nullable: true }) scoreModifier!: ZsScoreModifier | null;
  @Field(() => [String]) setup!: string[];
  @Field(() => String, { nullable: true }) request!: string | null;
  @Field(() => String, { nullable: true }) story!: string | null;
  @Field(() => [String]) rules!: string[];
  @Field(() => [ZsCardAction]) actions!: ZsCardAction[];
  @Field(() => ZsFateTriggers, { nullable: true }) fateTriggers!: ZsFateTriggers | null;
  @Field(() => [ContentLink]) links!: ContentLink[];
}
