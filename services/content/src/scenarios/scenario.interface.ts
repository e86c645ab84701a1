import { Directive, Field, ID, Int, InterfaceType, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { graphqlTypeOfView } from '../common/graphql-type';
import { SegmentedText, TextSegment } from '../common/text-segment.model';

@ObjectType({ description: 'A setup step in a shape both games share.' })
export class ScenarioSetupStep {
  @Field(() => Int, { nullable: true, description: 'The printed step number; null for unnumbered steps.' }) order!: number | null;
  @Field({ description: 'The step title as printed.' }) title!: string;
  @Field(() => [String], { description: 'The step, line by line as printed.' }) lines!: string[];
  @Field(() => [SegmentedText], { description: 'Each of `lines`, in the same order, cut into words, icons and links.' })
  lineSegments!: SegmentedText[];
}

@ObjectType({ description: 'A special rule; `name` is null where the seed prints none.' })
export class ScenarioRule {
  @Field(() => String, { nullable: true, description: 'The rule title as printed; null where the seed prints none.' }) name!: string | null;
  @Field({ description: 'The rule as printed.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@InterfaceType('Scenario', {
  implements: () => [ContentItemInterface],
  description: 'A scenario of any game: summary, setup steps, victory and defeat, special rules.',
  resolveType: graphqlTypeOfView,
})
@Directive('@key(fields: "id")')
export abstract class ScenarioInterface extends ContentItemInterface {
  @Field(() => ID, { nullable: true, description: 'The module the scenario belongs to; null for games without modules.' })
  moduleId!: string | null;
  @Field(() => Int, { nullable: true, description: 'The printed scenario number, where the game numbers them.' })
  number!: number | null;
  @Field({ description: 'The one-paragraph introduction.' }) summary!: string;
  @Field(() => [ScenarioSetupStep], { description: 'The setup, step by step, in a shape every game shares.' }) setupSteps!: ScenarioSetupStep[];
  @Field(() => [String], { description: 'How the scenario is won, as printed.' }) victoryConditions!: string[];
  @Field(() => [String], { description: 'How the scenario is lost, as printed.' }) defeatConditions!: string[];
  @Field(() => [ScenarioRule], { description: 'Rules that apply only in this scenario.' }) specialRules!: ScenarioRule[];
}
