import { Field, InputType, Int } from '@nestjs/graphql';
import { SeededInput } from '../resolution/seeded.input';
import { ValueOf } from '../resolution/value-of';
import { Border, FoodKind, NightTask, ReduceFirst } from './twom.enums';

@InputType('TwomCharacterCardInput')
export class CharacterCardInput {
  @Field() name!: string;
  @Field(() => Border) border!: ValueOf<typeof Border>;
}

@InputType()
export class TwomSetupInput extends SeededInput {
  @Field(() => [String], { description: 'Players; the Leader is chosen among them.' }) players!: string[];
  @Field(() => [CharacterCardInput], { description: 'Every Character card in the box; it is shuffled.' }) characterDeck!: CharacterCardInput[];
  @Field(() => [String], { description: 'The Locations deck; it is shuffled before 3 are drawn.' }) locationsDeck!: string[];
  @Field(() => Boolean, { nullable: true, description: 'Tales: the Cat starts in the Shelter (no 3 Raw Food).' }) catInShelter?: boolean | null;
}

@InputType()
export class TwomEventDeckInput extends SeededInput {
  @Field(() => [String], { description: 'Event cards to draw the random ones from (at least 7).' }) events!: string[];
  @Field(() => [String], { description: 'Exactly 3 Final Event cards.' }) finalEvents!: string[];
}

@InputType()
export class TwomPickLockInput extends SeededInput {
  @Field(() => Int, { description: 'Lockpicks in the Stockpile; one is required.' }) lockpicks!: number;
}

@InputType()
export class TwomDuskCharacterInput {
  @Field() name!: string;
  @Field(() => Int) hunger!: number;
  @Field(() => Int) sadness!: number;
  @Field({ description: 'Drinks 1 Water from the Stockpile.' }) drinksWater!: boolean;
  @Field(() => [FoodKind], { description: 'Food tokens eaten; empty means none.' }) eats!: ValueOf<typeof FoodKind>[];
}

@InputType()
export class TwomStockpileInput {
  @Field(() => Int) water!: number;
  @Field(() => Int) cannedFood!: number;
  @Field(() => Int) rawFood!: number;
  @Field(() => Int) vegetable!: number;
}

@InputType()
export class TwomDuskInput extends SeededInput {
  @Field(() => [TwomDuskCharacterInput]) characters!: TwomDuskCharacterInput[];
  @Field(() => TwomStockpileInput) stockpile!: TwomStockpileInput;
}

@InputType()
export class TwomNightCharacterInput {
  @Field() name!: string;
  @Field(() => Int) tiredness!: number;
  @Field(() => NightTask) task!: ValueOf<typeof NightTask>;
  @Field(() => String, { nullable: true, description: 'The BED card slept in, for the BED task.' }) bed?: string | null;
}

@InputType()
export class TwomNightAssignmentInput extends SeededInput {
  @Field(() => [TwomNightCharacterInput]) characters!: TwomNightCharacterInput[];
  @Field(() => [String], { description: 'BED cards in the Shelter.' }) beds!: string[];
}

@InputType()
export class TwomUnknownDeckInput extends SeededInput {
  @Field(() => Int, { description: 'The number printed on the chosen Location: 10, 12 or 14.' }) locationCards!: number;
  @Field(() => [String], { description: 'The Exploration deck; it is shuffled.' }) explorationDeck!: string[];
  @Field(() => Int, { description: '1 to 3.' }) scavengers!: number;
}

@InputType()
export class TwomNoiseRollInput extends SeededInput {
  @Field(() => Int, { description: "The Noise marker's current space." }) noise!: number;
  @Field(() => [String], { description: 'The Residents deck, top first.' }) residentsDeck!: string[];
}

@InputType()
export class TwomScavengerInput {
  @Field() name!: string;
  @Field(() => Int) inventory!: number;
}

@InputType()
export class TwomLootItemInput {
  @Field() name!: string;
  @Field(() => Int) count!: number;
  @Field(() => Int, { nullable: true, description: "The token's printed weight; omit for Wood, Components and Water (1)." })
  weight?: number | null;
}

@InputType()
export class TwomCarryingCapacityInput extends SeededInput {
  @Field(() => [TwomScavengerInput]) scavengers!: TwomScavengerInput[];
  @Field(() => [TwomLootItemInput]) loot!: TwomLootItemInput[];
}

@InputType()
export class TwomCombatDieInput {
  @Field() name!: string;
  @Field(() => [Int], { description: 'Icons per face; 0 is a blank.' }) faces!: number[];
}

@InputType()
export class TwomNightRaidGuardInput {
  @Field() name!: string;
  @Field(() => TwomCombatDieInput) combatDie!: TwomCombatDieInput;
}

@InputType()
export class TwomNightRaidInput extends SeededInput {
  @Field(() => Int, { description: 'LOSS on the Night Raids card.' }) loss!: number;
  @Field(() => Int, { description: 'WOUNDS on the Night Raids card.' }) wounds!: number;
  @Field(() => [TwomNightRaidGuardInput], { description: 'At least 1 guard.' }) guards!: TwomNightRaidGuardInput[];
  @Field(() => Int, { description: 'Constructed Barricade Boards tokens.' }) barricades!: number;
  @Field(() => ReduceFirst) reduceFirst!: ValueOf<typeof ReduceFirst>;
}
