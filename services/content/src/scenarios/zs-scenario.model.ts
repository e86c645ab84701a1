import { Directive, Field, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ZsCard } from '../cards/zs-card.model';
import { ScenarioInterface } from './scenario.interface';

@ObjectType()
export class ZsUnknownTokens {
  @Field(() => Int, { nullable: true }) stacks!: number | null;
  @Field(() => Int, { nullable: true }) tokensPerStack!: number | null;
  @Field(() => Int, { nullable: true }) total!: number | null;
  @Field(() => String, { nullable: true }) removeFromPool!: string | null;
  @Field() text!: string;
}

@ObjectType({ description: 'An Enemy card drawn at setup.' })
export class ZsEnemyCard {
  @Field({ description: 'Mutant or Human.' }) faction!: string;
  @Field() icon!: string;
}

@ObjectType({ description: 'Standees and Team tokens for one Enemy card.' })
export class ZsEnemyGroup {
  @Field(() => Int) count!: number;
  @Field(() => [String]) teamTokens!: string[];
  @Field() text!: string;
}

@ObjectType({ description: 'The enemies for one Stalker count.' })
export class ZsEnemiesForStalkerCount {
  @Field(() => Int) stalkers!: number;
  @Field(() => [ZsEnemyGroup]) groups!: ZsEnemyGroup[];
}

@ObjectType()
export class ZsScenarioEnemies {
  @Field(() => [ZsEnemyCard]) cards!: ZsEnemyCard[];
  @Field(() => String, { nullable: true }) placeFrom!: string | null;
  @Field() text!: string;
  @Field(() => [ZsEnemiesForStalkerCount], { description: 'Stalker counts the seed omits are absent and named in gaps.' })
  byStalkerCount!: ZsEnemiesForStalkerCount[];
  @Field() bossStartsInBossSlot!: boolean;
}

@ObjectType({ description: 'A number that grows with the Stalker count: base + perStalker × Stalkers.' })
export class ZsStalkerFormula {
  @Field(() => Int) base!: number;
  @Field(() => Int) perStalker!: number;
  @Field() text!: string;
}

@ObjectType()
export class ZsLoot {
  @Field(() => Int) tokensPerSlot!: number;
  @Field(() => ZsStalkerFormula, { nullable: true }) extra!: ZsStalkerFormula | null;
  @Field() text!: string;
}

@ObjectType()
export class ZsEventDeck {
  @Field(() => Int, { nullable: true }) size!: number | null;
  @Field(() => ZsStalkerFormula, { nullable: true }) formula!: ZsStalkerFormula | null;
  @Field() text!: string;
}

@ObjectType()
export class ZsMainObjective {
  @Field(() => [String]) lose!: string[];
  @Field(() => [String]) win!: string[];
  @Field(() => [String], { description: 'Lines under the objective that are neither a loss nor a win.' }) other!: string[];
}

@ObjectType()
export class ZsScenarioStep {
  @Field(() => Int, { nullable: true }) step!: number | null;
  @Field() title!: string;
  @Field(() => [String]) text!: string[];
}

@ObjectType({
  implements: () => [ScenarioInterface, ContentItemInterface],
  description: 'One of the ten Zone Survival scenarios.',
})
@Directive('@key(fields: "id")')
export class ZsScenario extends ScenarioInterface {
  @Field(() => Int) page!: number;
  @Field({ description: 'Hunt, Looting, Mission or Defend.' }) scenarioType!: string;
  @Field() intro!: string;
  @Field(() => [ZsScenarioStep], { description: 'The setup list as printed.' }) steps!: ZsScenarioStep[];
  @Field(() => [ZsCard]) specialCards!: unknown[];
  @Field(() => ZsUnknownTokens, { nullable: true }) unknownTokens!: ZsUnknownTokens | null;
  @Field(() => ZsScenarioEnemies, { nullable: true }) enemies!: ZsScenarioEnemies | null;
  @Field(() => ZsLoot, { nullable: true }) loot!: ZsLoot | null;
  @Field(() => ZsEventDeck, { nullable: true }) eventDeck!: ZsEventDeck | null;
  @Field(() => Int, { nullable: true, description: 'Team funds for equipment, in K.' }) funds!: number | null;
  @Field(() => String, { nullable: true }) stalkerEntrance!: string | null;
  @Field(() => ZsMainObjective) mainObjective!: ZsMainObjective;
  @Field(() => ZsStalkerFormula, { nullable: true, description: 'Collected-value goal, in K.' }) valueTarget!: ZsStalkerFormula | null;
  @Field(() => [String]) notes!: string[];
}
