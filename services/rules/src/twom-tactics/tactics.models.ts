import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { NamedCount } from '../resolution/entries.model';
import { ResolutionOf } from '../resolution/resolution-of';
import { SeededInput } from '../resolution/seeded.input';
import { ValueOf } from '../resolution/value-of';

export const LocationSize = { SMALL: 'small', MEDIUM: 'medium', LARGE: 'large' } as const;
registerEnumType(LocationSize, { name: 'TacticsLocationSize' });

@InputType()
export class TacticsMapSetupInput extends SeededInput {
  @Field(() => LocationSize) locationSize!: ValueOf<typeof LocationSize>;
  @Field(() => Int, { description: 'Spaces with a single Tactics-token icon on the chosen side.' }) singleIconSpaces!: number;
  @Field(() => Int, { description: 'Spaces with a double Tactics-token icon on the chosen side.' }) doubleIconSpaces!: number;
}

@ObjectType()
export class TacticsMapSetupResult {
  @Field({ description: 'A or B.' }) side!: string;
  @Field(() => Int) tokensPlaced!: number;
  @Field(() => Int) tokensLeft!: number;
}
export const TacticsMapSetupResolution = ResolutionOf(TacticsMapSetupResult, 'TacticsMapSetupResolution');

@InputType()
export class TacticsNamesInput extends SeededInput {
  @Field(() => [String]) characters!: string[];
}

@ObjectType()
export class TacticsSpaceGroup {
  @Field(() => Int) space!: number;
  @Field(() => [String]) characters!: readonly string[];
}

@ObjectType()
export class TacticsStartingSpacesResult {
  @Field(() => [NamedCount], { description: 'The starting space of each Character.' }) spaces!: NamedCount[];
  @Field(() => [TacticsSpaceGroup], { description: 'Characters sharing a space form a group.' }) groups!: readonly TacticsSpaceGroup[];
}
export const TacticsStartingSpacesResolution = ResolutionOf(TacticsStartingSpacesResult, 'TacticsStartingSpacesResolution');

@InputType()
export class TacticsCharacterInput {
  @Field() name!: string;
  @Field(() => Int) prowess!: number;
}

@InputType()
export class TacticsTestInput extends SeededInput {
  @Field(() => [TacticsCharacterInput], { description: 'The Character or group that finished its move.' }) group!: TacticsCharacterInput[];
  @Field(() => Int, { description: 'The Hide or Noise modifier of the Action.' }) actionModifier!: number;
  @Field(() => Int, { description: 'The blue (Hide) or red (Noise) number on the space.' }) spaceValue!: number;
  @Field() useProwess!: boolean;
}

@ObjectType()
export class TacticsHideResult {
  @Field(() => Int) hide!: number;
  @Field(() => [Int]) rolls!: readonly number[];
  @Field() spotted!: boolean;
  @Field(() => Int, { nullable: true, description: 'Where to mark the Enemy when not spotted.' }) markEnemySpacesAway?: number;
}
export const TacticsHideResolution = ResolutionOf(TacticsHideResult, 'TacticsHideResolution');

@ObjectType()
export class TacticsNoiseResult {
  @Field(() => Int) noise!: number;
  @Field(() => [Int]) rolls!: readonly number[];
  @Field() heard!: boolean;
}
export const TacticsNoiseResolution = ResolutionOf(TacticsNoiseResult, 'TacticsNoiseResolution');

@InputType()
export class TacticsUnmarkInput extends SeededInput {
  @Field(() => [String], { description: 'Spaces or labels of the marked Enemies.' }) marked!: string[];
}

@ObjectType()
export class TacticsUnmarkResult {
  @Field(() => [NamedCount], { description: 'The roll for each marked Enemy.' }) rolls!: NamedCount[];
  @Field(() => [String]) unmarked!: readonly string[];
  @Field(() => [String]) stillMarked!: readonly string[];
}
export const TacticsUnmarkResolution = ResolutionOf(TacticsUnmarkResult, 'TacticsUnmarkResolution');

@InputType()
export class TacticsAlarmInput extends SeededInput {
  @Field({ description: 'Who fired (a Character or an Enemy).' }) shooter!: string;
}

@ObjectType()
export class TacticsAlarmResult {
  @Field(() => Int) roll!: number;
  @Field() alarm!: boolean;
}
export const TacticsAlarmResolution = ResolutionOf(TacticsAlarmResult, 'TacticsAlarmResolution');

@InputType()
export class TacticsFleeInput extends SeededInput {
  @Field(() => [String]) fleeing!: string[];
}

@ObjectType()
export class TacticsFleeResult {
  @Field(() => [String]) steps!: readonly string[];
  @Field(() => Int) move!: number;
  @Field() alarm!: boolean;
  @Field() turnEnds!: boolean;
}
export const TacticsFleeResolution = ResolutionOf(TacticsFleeResult, 'TacticsFleeResolution');
