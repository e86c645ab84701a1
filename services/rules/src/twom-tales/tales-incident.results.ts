import { Field, Int, ObjectType } from '@nestjs/graphql';
import { NamedCount, NamedValue } from '../resolution/entries.model';
import { ResolutionOf } from '../resolution/resolution-of';
import { ValueOf } from '../resolution/value-of';
import { Border } from '../twom/twom.enums';
import { CharacterCard, EventDeckCard } from '../twom/twom.results';

@ObjectType()
export class TalesIncidentCharacter {
  @Field() name!: string;
  @Field(() => Border, { nullable: true }) border?: ValueOf<typeof Border>;
  @Field(() => [NamedCount], { description: 'State tokens placed, by state and level.' }) states!: NamedCount[];
}

@ObjectType()
export class TalesStateTokenChoice {
  @Field() state!: string;
  @Field(() => Int) level!: number;
  @Field(() => Int) count!: number;
  @Field() rule!: string;
}

@ObjectType()
export class TalesCold {
  @Field(() => Int) tokens!: number;
  @Field(() => String, { nullable: true }) card?: string;
}

@ObjectType()
export class TalesFreeTokens {
  @Field(() => Int) worth!: number;
  @Field(() => [String]) except!: readonly string[];
}

@ObjectType()
export class TalesScenarioDeck {
  @Field() name!: string;
  @Field(() => [String]) cards!: readonly string[];
}

@ObjectType()
export class TalesIncidentSetupResult {
  @Field() scenario!: string;
  @Field(() => [EventDeckCard], { description: 'Top card first.' }) eventDeck!: readonly EventDeckCard[];
  @Field(() => [String]) setAside!: readonly string[];
  @Field(() => [String]) removedFromGame!: readonly string[];
  @Field(() => [String]) unusedEvents!: readonly string[];
  @Field(() => [TalesIncidentCharacter]) characters!: TalesIncidentCharacter[];
  @Field(() => [CharacterCard]) unusedCharacters!: readonly CharacterCard[];
  @Field(() => [TalesStateTokenChoice], { description: 'State tokens the players place by choice.' }) chosenStateTokens!: readonly TalesStateTokenChoice[];
  @Field(() => TalesCold, { nullable: true }) cold?: TalesCold;
  @Field(() => [NamedCount]) storage!: NamedCount[];
  @Field(() => TalesFreeTokens) freeTokens!: TalesFreeTokens;
  @Field(() => [NamedValue]) tracks!: NamedValue[];
  @Field(() => TalesScenarioDeck, { nullable: true }) scenarioDeck?: TalesScenarioDeck;
  @Field(() => [String]) notes!: readonly string[];
}
export const TalesIncidentSetupResolution = ResolutionOf(TalesIncidentSetupResult, 'TalesIncidentSetupResolution');
