import { Directive, Field, ID, Int, InterfaceType, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { graphqlTypeOf } from '../items/kind-types';

@ObjectType({ description: 'A setup step in a shape both games share.' })
export class ScenarioSetupStep {
  @Field(() => Int, { nullable: true, description: 'The printed step number; null for unnumbered steps.' }) order!: number | null;
  @Field() title!: string;
  @Field(() => [String]) lines!: string[];
}

@ObjectType({ description: 'A special rule; `name` is null where the seed prints none.' })
export class ScenarioRule {
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field() text!: string;
}

@InterfaceType('Scenario', {
  implements: () => [ContentItemInterface],
  description: 'A scenario of any game: summary, setup steps, victory and defeat, special rules.',
  resolveType: (item: { kind: string }) => graphqlTypeOf(item.kind),
})
@Directive('@key(fields: "id")')
export abstract class ScenarioInterface extends ContentItemInterface {
  @Field(() => ID, { nullable: true }) moduleId!: string | null;
  @Field(() => Int, { nullable: true, description: 'The printed scenario number, where the game numbers them.' })
  number!: number | null;
  @Field({ description: 'The one-paragraph introduction.' }) summary!: string;
  @Field(() => [ScenarioSetupStep]) setupSteps!: ScenarioSetupStep[];
  @Field(() => [String]) victoryConditions!: string[];
  @Field(() => [String]) defeatConditions!: string[];
  @Field(() => [ScenarioRule]) specialRules!: ScenarioRule[];
}
