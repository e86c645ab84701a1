import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ResolutionOf } from '../resolution/resolution-of';
import { ValueOf } from '../resolution/value-of';
import { CatOutcome, LukaLevel, MarketOption, SewersExit, VladimirToken } from './tales.enums';

@ObjectType()
export class TalesCatResult {
  @Field(() => Int) roll!: number;
  @Field(() => CatOutcome) outcome!: ValueOf<typeof CatOutcome>;
  @Field(() => Int, { description: 'Misery 1 chosen Character present loses.' }) miseryRelief!: number;
  @Field(() => Int) rawFood!: number;
}
export const TalesCatResolution = ResolutionOf(TalesCatResult, 'TalesCatResolution');

@ObjectType()
export class TalesWaitAMinuteResult {
  @Field(() => Int) roll!: number;
  @Field() combatAvoided!: boolean;
  @Field() backstab!: boolean;
}
export const TalesWaitAMinuteResolution = ResolutionOf(TalesWaitAMinuteResult, 'TalesWaitAMinuteResolution');

@ObjectType()
export class TalesMiseryChange {
  @Field() name!: string;
  @Field(() => Int) empathy!: number;
  @Field({ description: 'The roll was at or below this Empathy.' }) atOrBelow!: boolean;
  @Field(() => Int) misery!: number;
}

@ObjectType()
export class TalesEmpathyRollResult {
  @Field(() => Int) roll!: number;
  @Field(() => [TalesMiseryChange]) characters!: readonly TalesMiseryChange[];
  @Field(() => Boolean, { nullable: true, description: 'Stuff of Nightmares: false, no Night Raid card is drawn.' }) drawNightRaid?: boolean;
}
export const TalesEmpathyRollResolution = ResolutionOf(TalesEmpathyRollResult, 'TalesEmpathyRollResolution');

@ObjectType()
export class TalesThroughTheWindowResult {
  @Field(() => Int) roll!: number;
  @Field(() => Int, { description: 'Wounds 1 chosen Character suffers.' }) wounds!: number;
}
export const TalesThroughTheWindowResolution = ResolutionOf(TalesThroughTheWindowResult, 'TalesThroughTheWindowResolution');

@ObjectType()
export class TalesLukaDawnResult {
  @Field(() => Int, { nullable: true }) roll?: number;
  @Field({ description: 'The roll sends the players to Blood In The Snow script 2.' }) script2!: boolean;
  @Field(() => LukaLevel) condition!: ValueOf<typeof LukaLevel>;
  @Field() bandagesDiscarded!: boolean;
  @Field({ description: 'The card ends with a roll on the Suspicions chart, which is on the Scenario sheet.' }) suspicionsRollDue!: boolean;
}
export const TalesLukaDawnResolution = ResolutionOf(TalesLukaDawnResult, 'TalesLukaDawnResolution');

@ObjectType()
export class TalesRefugeesDawnResult {
  @Field(() => Int) coldRoll!: number;
  @Field(() => Int) coverRoll!: number;
  @Field(() => Int) cover!: number;
  @Field(() => Int) condition!: number;
}
export const TalesRefugeesDawnResolution = ResolutionOf(TalesRefugeesDawnResult, 'TalesRefugeesDawnResolution');

@ObjectType()
export class TalesCoverRollResult {
  @Field(() => Int) roll!: number;
  @Field(() => Int) cover!: number;
}
export const TalesCoverRollResolution = ResolutionOf(TalesCoverRollResult, 'TalesCoverRollResolution');

@ObjectType()
export class TalesNeighbour {
  @Field() name!: string;
  @Field(() => Int) needs!: number;
}

@ObjectType()
export class TalesSideBySideDawnResult {
  @Field(() => [TalesNeighbour]) neighbours!: readonly TalesNeighbour[];
  @Field(() => VladimirToken) vladimirToken!: ValueOf<typeof VladimirToken>;
}
export const TalesSideBySideDawnResolution = ResolutionOf(TalesSideBySideDawnResult, 'TalesSideBySideDawnResolution');

@ObjectType()
export class TalesEmiraStorage {
  @Field(() => Int) moonshine!: number;
  @Field(() => Int) alcohol!: number;
}

@ObjectType()
export class TalesEmiraSpiritResult {
  @Field(() => Int) hunger!: number;
  @Field(() => Int) misery!: number;
  @Field(() => TalesEmiraStorage) storage!: TalesEmiraStorage;
}
export const TalesEmiraSpiritResolution = ResolutionOf(TalesEmiraSpiritResult, 'TalesEmiraSpiritResolution');

@ObjectType()
export class TalesSewersExitResult {
  @Field(() => Int) roll!: number;
  @Field(() => SewersExit) location!: ValueOf<typeof SewersExit>;
  @Field(() => Int, { nullable: true }) unknownDeckSize?: number;
}
export const TalesSewersExitResolution = ResolutionOf(TalesSewersExitResult, 'TalesSewersExitResolution');

@ObjectType()
export class TalesThugsEnterResult {
  @Field(() => Int) roll!: number;
  @Field(() => Int) thugs!: number;
  @Field(() => Int) threat!: number;
}
export const TalesThugsEnterResolution = ResolutionOf(TalesThugsEnterResult, 'TalesThugsEnterResolution');

@ObjectType()
export class TalesScriptPair {
  @Field(() => Int, { description: 'Script for STOP the fight.' }) stop!: number;
  @Field(() => Int, { description: 'Script after defeating all Enemies.' }) defeated!: number;
}

@ObjectType()
export class TalesThugsForfeitResult {
  @Field(() => [Int]) rolls!: readonly number[];
  @Field() encounter!: boolean;
  @Field(() => Int) thugs!: number;
  @Field(() => String, { nullable: true }) weapon?: string;
  @Field(() => Int) threat!: number;
  @Field(() => TalesScriptPair, { nullable: true }) scripts?: TalesScriptPair;
}
export const TalesThugsForfeitResolution = ResolutionOf(TalesThugsForfeitResult, 'TalesThugsForfeitResolution');

@ObjectType()
export class TalesDesperatePeopleResult {
  @Field(() => Int) countRoll!: number;
  @Field(() => Int) count!: number;
  @Field(() => [String]) weapons!: readonly string[];
  @Field(() => Int) empathyRoll!: number;
  @Field() combat!: boolean;
  @Field(() => Int) script!: number;
}
export const TalesDesperatePeopleResolution = ResolutionOf(TalesDesperatePeopleResult, 'TalesDesperatePeopleResolution');

@ObjectType()
export class TalesWaresCard {
  @Field() name!: string;
  @Field() farmer!: boolean;
  @Field() thug!: boolean;
}

@ObjectType()
export class TalesSteal {
  @Field() thief!: string;
  @Field(() => Int) icons!: number;
  @Field(() => Int, { description: 'Worth of Wares tokens that may join the Findings Pile.' }) tokenValue!: number;
  @Field(() => Int) wounds!: number;
  @Field(() => Int) fatigue!: number;
}

@ObjectType()
export class TalesLootEnemies {
  @Field(() => Int) farmers!: number;
  @Field(() => Int) thugs!: number;
}

@ObjectType()
export class TalesMarketVisitResult {
  @Field() discarded!: string;
  @Field(() => [String]) findingsPile!: readonly string[];
  @Field() drawn!: string;
  @Field(() => [TalesWaresCard]) waresDeck!: readonly TalesWaresCard[];
  @Field(() => String, { nullable: true, description: 'Reality Impact drawn: the Tolerance row whose script to resolve.' }) realityImpact?: string;
  @Field(() => MarketOption, { nullable: true }) option?: ValueOf<typeof MarketOption>;
  @Field(() => TalesSteal, { nullable: true }) steal?: TalesSteal;
  @Field(() => TalesLootEnemies, { nullable: true }) lootEnemies?: TalesLootEnemies;
  @Field(() => Int) tolerance!: number;
}
export const TalesMarketVisitResolution = ResolutionOf(TalesMarketVisitResult, 'TalesMarketVisitResolution');
