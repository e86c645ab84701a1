import { Field, Int, ObjectType } from '@nestjs/graphql';
import { NamedCount } from '../resolution/entries.model';
import { ResolutionOf } from '../resolution/resolution-of';
import { ValueOf } from '../resolution/value-of';
import { Border, EventCardKind, LockOutcome, WaterEffect } from './twom.enums';

@ObjectType('TwomCharacterCard')
export class CharacterCard {
  @Field() name!: string;
  @Field(() => Border) border!: ValueOf<typeof Border>;
}

@ObjectType()
export class TwomStartingCharacter extends CharacterCard {
  @Field(() => Int) hunger!: number;
}

@ObjectType()
export class TwomSetupResult {
  @Field() leader!: string;
  @Field(() => [TwomStartingCharacter]) characters!: readonly TwomStartingCharacter[];
  @Field(() => [CharacterCard], { description: 'The unused Characters space, top first.' }) unusedCharacters!: readonly CharacterCard[];
  @Field(() => [String]) locations!: readonly string[];
  @Field(() => [String]) locationsDeck!: readonly string[];
  @Field(() => [NamedCount]) stockpile!: NamedCount[];
  @Field() catInShelter!: boolean;
}
export const TwomSetupResolution = ResolutionOf(TwomSetupResult, 'TwomSetupResolution');

@ObjectType('TwomEventDeckCard')
export class EventDeckCard {
  @Field() name!: string;
  @Field(() => EventCardKind) kind!: ValueOf<typeof EventCardKind>;
}

@ObjectType()
export class TwomEventDeckResult {
  @Field(() => [EventDeckCard], { description: 'Top card first.' }) deck!: readonly EventDeckCard[];
  @Field(() => [String]) unused!: readonly string[];
}
export const TwomEventDeckResolution = ResolutionOf(TwomEventDeckResult, 'TwomEventDeckResolution');

@ObjectType()
export class TwomPickLockResult {
  @Field(() => Int) roll!: number;
  @Field(() => LockOutcome) outcome!: ValueOf<typeof LockOutcome>;
  @Field(() => Int) lockpicks!: number;
}
export const TwomPickLockResolution = ResolutionOf(TwomPickLockResult, 'TwomPickLockResolution');

@ObjectType()
export class TwomWaterRoll {
  @Field(() => Int) roll!: number;
  @Field(() => WaterEffect) effect!: ValueOf<typeof WaterEffect>;
}

@ObjectType()
export class TwomDuskCharacterResult {
  @Field() name!: string;
  @Field() drankWater!: boolean;
  @Field(() => TwomWaterRoll, { nullable: true, description: 'The Black-die roll for going without Water.' }) waterRoll?: TwomWaterRoll;
  @Field(() => Int) hunger!: number;
  @Field(() => Int) sadness!: number;
}

@ObjectType()
export class TwomStockpile {
  @Field(() => Int) water!: number;
  @Field(() => Int) cannedFood!: number;
  @Field(() => Int) rawFood!: number;
  @Field(() => Int) vegetable!: number;
}

@ObjectType()
export class TwomDuskResult {
  @Field(() => [TwomDuskCharacterResult]) characters!: readonly TwomDuskCharacterResult[];
  @Field(() => TwomStockpile) stockpile!: TwomStockpile;
}
export const TwomDuskResolution = ResolutionOf(TwomDuskResult, 'TwomDuskResolution');

@ObjectType()
export class TwomNightAssignments {
  @Field(() => [String]) bed!: readonly string[];
  @Field(() => [String]) floor!: readonly string[];
  @Field(() => [String]) guard!: readonly string[];
  @Field(() => [String]) scavenge!: readonly string[];
}

@ObjectType()
export class TwomNightAssignmentResult {
  @Field(() => TwomNightAssignments) assignments!: TwomNightAssignments;
  @Field(() => [NamedCount], { description: 'Tiredness per Character after the Night.' }) tiredness!: NamedCount[];
}
export const TwomNightAssignmentResolution = ResolutionOf(TwomNightAssignmentResult, 'TwomNightAssignmentResolution');

@ObjectType()
export class TwomUnknownDeckResult {
  @Field(() => [String], { description: 'The Unknown deck, top first.' }) unknown!: readonly string[];
  @Field(() => [String]) explorationDeck!: readonly string[];
  @Field(() => Int) noise!: number;
}
export const TwomUnknownDeckResolution = ResolutionOf(TwomUnknownDeckResult, 'TwomUnknownDeckResolution');

@ObjectType()
export class TwomNoiseRollResult {
  @Field(() => Int) roll!: number;
  @Field() encounter!: boolean;
  @Field(() => String, { nullable: true, description: 'The Residents card drawn on an encounter.' }) resident?: string;
  @Field(() => Int) noise!: number;
  @Field(() => [String]) residentsDeck!: readonly string[];
}
export const TwomNoiseRollResolution = ResolutionOf(TwomNoiseRollResult, 'TwomNoiseRollResolution');

@ObjectType()
export class TwomCarryingCapacityResult {
  @Field(() => Int) capacity!: number;
  @Field(() => Int) weight!: number;
  @Field() fits!: boolean;
  @Field(() => Int) overBy!: number;
}
export const TwomCarryingCapacityResolution = ResolutionOf(TwomCarryingCapacityResult, 'TwomCarryingCapacityResolution');

@ObjectType()
export class TwomGuardRoll {
  @Field() guard!: string;
  @Field(() => Int) icons!: number;
}

@ObjectType()
export class TwomNightRaidResult {
  @Field(() => [TwomGuardRoll]) guardRolls!: readonly TwomGuardRoll[];
  @Field(() => Int) reduction!: number;
  @Field(() => Int) loss!: number;
  @Field(() => Int) wounds!: number;
}
export const TwomNightRaidResolution = ResolutionOf(TwomNightRaidResult, 'TwomNightRaidResolution');
