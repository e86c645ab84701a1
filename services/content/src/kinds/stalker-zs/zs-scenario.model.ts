import { Directive, Field, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ScenarioInterface } from '../../scenarios/scenario.interface';
import { ZsCard } from './zs-card.model';

@ObjectType({ description: 'The Unknown tokens a scenario sets out at setup.' })
export class ZsUnknownTokens {
  @Field(() => Int, { nullable: true, description: 'How many stacks; null when the scenario does not say.' }) stacks!: number | null;
  @Field(() => Int, { nullable: true, description: 'Tokens per stack; null when the scenario does not say.' }) tokensPerStack!: number | null;
  @Field(() => Int, { nullable: true, description: 'Total tokens; null when the scenario does not say.' }) total!: number | null;
  @Field(() => String, { nullable: true, description: 'Tokens to take out of the pool first, as printed.' }) removeFromPool!: string | null;
  @Field({ description: 'The step as printed.' }) text!: string;
}

@ObjectType({ description: 'An Enemy card drawn at setup.' })
export class ZsEnemyCard {
  @Field({ description: 'Mutant or Human.' }) faction!: string;
  @Field({ description: 'The Enemy type icon as printed.' }) icon!: string;
}

@ObjectType({ description: 'Standees and Team tokens for one Enemy card.' })
export class ZsEnemyGroup {
  @Field(() => Int, { description: 'How many standees.' }) count!: number;
  @Field(() => [String], { description: 'The Team tokens to place, as printed (e.g. `[green 1 team token]`).' }) teamTokens!: string[];
  @Field({ description: 'The line as printed.' }) text!: string;
}

@ObjectType({ description: 'The enemies for one Stalker count.' })
export class ZsEnemiesForStalkerCount {
  @Field(() => Int, { description: 'The number of Stalkers, 1 to 4.' }) stalkers!: number;
  @Field(() => [ZsEnemyGroup], { description: 'One group per Enemy card, in printed order.' }) groups!: ZsEnemyGroup[];
}

@ObjectType({ description: 'The enemies a scenario sets out.' })
export class ZsScenarioEnemies {
  @Field(() => [ZsEnemyCard], { description: 'The Enemy cards to draw.' }) cards!: ZsEnemyCard[];
  @Field(() => String, { nullable: true, description: 'Where the standees are placed from, as printed.' }) placeFrom!: string | null;
  @Field({ description: 'The step as printed.' }) text!: string;
  @Field(() => [ZsEnemiesForStalkerCount], { description: 'Stalker counts the seed omits are absent and named in gaps.' })
  byStalkerCount!: ZsEnemiesForStalkerCount[];
  @Field({ description: 'Whether the Boss starts in the Boss slot.' }) bossStartsInBossSlot!: boolean;
}

@ObjectType({ description: 'A number that grows with the Stalker count: base + perStalker × Stalkers.' })
export class ZsStalkerFormula {
  @Field(() => Int, { description: 'The fixed part.' }) base!: number;
  @Field(() => Int, { description: 'Added per Stalker.' }) perStalker!: number;
  @Field({ description: 'The formula as printed.' }) text!: string;
}

@ObjectType({ description: 'The Loot tokens a scenario sets out.' })
export class ZsLoot {
  @Field(() => Int, { description: 'Loot tokens per Loot slot.' }) tokensPerSlot!: number;
  @Field(() => ZsStalkerFormula, { nullable: true, description: 'Extra Loot by Stalker count, when the scenario adds some.' })
  extra!: ZsStalkerFormula | null;
  @Field({ description: 'The step as printed.' }) text!: string;
}

@ObjectType({ description: "The scenario's Event deck." })
export class ZsEventDeck {
  @Field(() => Int, { nullable: true, description: 'A fixed size, when the scenario gives one.' }) size!: number | null;
  @Field(() => ZsStalkerFormula, { nullable: true, description: 'The size by Stalker count, when it depends on it.' })
  formula!: ZsStalkerFormula | null;
  @Field({ description: 'The step as printed.' }) text!: string;
}

@ObjectType({ description: 'The Main Objective: how the game is lost and won.' })
export class ZsMainObjective {
  @Field(() => [String], { description: 'Loss conditions, as printed.' }) lose!: string[];
  @Field(() => [String], { description: 'Win conditions, as printed.' }) win!: string[];
  @Field(() => [String], { description: 'Lines under the objective that are neither a loss nor a win.' }) other!: string[];
}

@ObjectType({ description: 'One step of the printed setup list.' })
export class ZsScenarioStep {
  @Field(() => Int, { nullable: true, description: 'The printed step number; null for unnumbered steps.' }) step!: number | null;
  @Field({ description: 'The step title as printed.' }) title!: string;
  @Field(() => [String], { description: 'The step, line by line as printed.' }) text!: string[];
}

@ObjectType({
  implements: () => [ScenarioInterface, ContentItemInterface],
  description: 'One of the ten Zone Survival scenarios.',
})
@Directive('@key(fields: "id")')
export class ZsScenario extends ScenarioInterface {
  @Field(() => Int, { description: 'The rulebook page the Step 0 list points to.' }) page!: number;
  @Field({ description: 'Hunt, Looting, Mission or Defend.' }) scenarioType!: string;
  @Field({ description: 'The introduction as printed (also served as `summary`).' }) intro!: string;
  @Field(() => [ZsScenarioStep], { description: 'The setup list as printed.' }) steps!: ZsScenarioStep[];
  @Field(() => [ZsCard], { description: 'Special cards the scenario uses.' }) specialCards!: unknown[];
  @Field(() => ZsUnknownTokens, { nullable: true, description: 'Unknown tokens; null when the scenario sets none.' })
  unknownTokens!: ZsUnknownTokens | null;
  @Field(() => ZsScenarioEnemies, { nullable: true, description: 'Enemies; null when the scenario sets none.' })
  enemies!: ZsScenarioEnemies | null;
  @Field(() => ZsLoot, { nullable: true, description: 'Loot; null when the scenario sets none.' }) loot!: ZsLoot | null;
  @Field(() => ZsEventDeck, { nullable: true, description: 'The Event deck; null when the seed does not give it.' })
  eventDeck!: ZsEventDeck | null;
  @Field(() => Int, { nullable: true, description: 'Team funds for equipment, in K; null when the seed does not give them (see gaps).' })
  funds!: number | null;
  @Field(() => String, { nullable: true, description: 'Where the Stalkers start, as printed.' }) stalkerEntrance!: string | null;
  @Field(() => ZsMainObjective, { description: 'How the game is lost and won.' }) mainObjective!: ZsMainObjective;
  @Field(() => ZsStalkerFormula, { nullable: true, description: 'Collected-value goal, in K (Gather Supplies).' })
  valueTarget!: ZsStalkerFormula | null;
  @Field(() => [String], { description: 'Notes printed with the scenario.' }) notes!: string[];
}
