import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ResolutionOf } from '../resolution/resolution-of';
import { ValueOf } from '../resolution/value-of';
import { ZoneSurvivalNumbered } from './zs.results';

export const DiscardReason = { REPEATED_TAG: 'repeated-tag', SCENARIO_RULE: 'scenario-rule' } as const;
registerEnumType(DiscardReason, { name: 'ZoneSurvivalDiscardReason' });

@ObjectType()
export class ZoneSurvivalSetupCard {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => [String]) tags!: readonly string[];
}

@ObjectType()
export class ZoneSurvivalSetupDiscard {
  @Field(() => ZoneSurvivalSetupCard) card!: ZoneSurvivalSetupCard;
  @Field(() => DiscardReason) reason!: ValueOf<typeof DiscardReason>;
}

@ObjectType()
export class ZoneSurvivalUnknownTokens {
  @Field(() => Int, { nullable: true }) stacks!: number | null;
  @Field(() => Int, { nullable: true }) tokensPerStack!: number | null;
  @Field(() => Int, { nullable: true }) total!: number | null;
  @Field(() => String, { nullable: true }) removeFromPool!: string | null;
  @Field() text!: string;
}

@ObjectType()
export class ZoneSurvivalEnemyCard {
  @Field() faction!: string;
  @Field() icon!: string;
}

@ObjectType()
export class ZoneSurvivalEnemyGroup {
  @Field(() => Int) count!: number;
  @Field(() => [String]) teamTokens!: readonly string[];
  @Field(() => String, { nullable: true }) text?: string;
}

@ObjectType()
export class ZoneSurvivalEnemies {
  @Field(() => [ZoneSurvivalEnemyCard]) cards!: readonly ZoneSurvivalEnemyCard[];
  @Field(() => String, { nullable: true }) placeFrom!: string | null;
  @Field(() => [ZoneSurvivalEnemyGroup], { nullable: true, description: 'The row for this Stalker count; null where the seed prints none.' })
  groups!: readonly ZoneSurvivalEnemyGroup[] | null;
  @Field(() => Int, { nullable: true }) standees!: number | null;
  @Field() bossStartsInBossSlot!: boolean;
}

@ObjectType()
export class ZoneSurvivalLoot {
  @Field(() => Int) tokensPerSlot!: number;
  @Field(() => Int, { nullable: true }) extraTokens!: number | null;
}

@ObjectType()
export class ZoneSurvivalCardRef {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@ObjectType()
export class ZoneSurvivalEventDeck {
  @Field(() => Int, { description: 'Cards in the deck, which is also the number of Rounds.' }) size!: number;
  @Field(() => [ZoneSurvivalCardRef], { nullable: true, description: 'Null while the content lacks the whole Event deck: draw at the table.' })
  cards!: readonly ZoneSurvivalCardRef[] | null;
}

@ObjectType({ description: 'A place where the seed gives nothing; never filled with an invented value.' })
export class ZoneSurvivalGap {
  @Field() field!: string;
  @Field() note!: string;
}

@ObjectType()
export class ZoneSurvivalSetupResult {
  @Field(() => ZoneSurvivalNumbered) scenario!: ZoneSurvivalNumbered;
  @Field(() => Int) stalkerCount!: number;
  @Field(() => [ID], { description: 'Step 2: Special cards to place next to the Map.' }) specialCardIds!: readonly string[];
  @Field(() => [ZoneSurvivalSetupCard], { description: 'Step 3: four cards, no tag repeated, in drawing order.' }) setupCards!: readonly ZoneSurvivalSetupCard[];
  @Field(() => [ZoneSurvivalSetupDiscard]) setupDiscards!: readonly ZoneSurvivalSetupDiscard[];
  @Field(() => ZoneSurvivalUnknownTokens, { nullable: true }) unknownTokens!: ZoneSurvivalUnknownTokens | null;
  @Field(() => ZoneSurvivalEnemies, { nullable: true }) enemies!: ZoneSurvivalEnemies | null;
  @Field(() => ZoneSurvivalLoot, { nullable: true }) loot!: ZoneSurvivalLoot | null;
  @Field(() => ZoneSurvivalEventDeck, { nullable: true }) eventDeck!: ZoneSurvivalEventDeck | null;
  @Field(() => Int, { nullable: true, description: 'Step 8: team funds in K.' }) funds!: number | null;
  @Field(() => String, { nullable: true }) stalkerEntrance!: string | null;
  @Field(() => Int, { nullable: true, description: 'Gather Supplies: the value to collect, in K.' }) valueTarget!: number | null;
  @Field(() => [String], { description: 'Steps the table must carry out or judge itself.' }) checks!: readonly string[];
  @Field(() => [ZoneSurvivalGap]) gaps!: readonly ZoneSurvivalGap[];
}
export const ZoneSurvivalSetupResolution = ResolutionOf(ZoneSurvivalSetupResult, 'ZoneSurvivalSetupResolution');
