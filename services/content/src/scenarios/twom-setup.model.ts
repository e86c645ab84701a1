import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A numbered setup step with its bullets, as printed.' })
export class TwomSetupStep {
  @Field(() => Int) order!: number;
  @Field() heading!: string;
  @Field({ nullable: true }) text?: string;
  @Field(() => [String]) bullets!: string[];
}

@ObjectType({ description: 'One step of stacking the Event deck, bottom first.' })
export class TwomEventDeckStep {
  @Field(() => Int) order!: number;
  @Field({ description: 'shuffle-to-bottom, find-and-place-at-bottom, place-on-top or draw-random-on-top.' }) action!: string;
  @Field(() => Int) count!: number;
  @Field({ nullable: true }) card?: string;
  @Field({ nullable: true, description: 'I, II or III for the Chapter cards of the core game.' }) chapter?: string;
  @Field(() => Int, { nullable: true }) removeRemaining?: number;
  @Field() text!: string;
}

@ObjectType()
export class TwomEventDeckRecipe {
  @Field(() => [String]) setAside!: string[];
  @Field(() => [TwomEventDeckStep]) steps!: TwomEventDeckStep[];
  @Field({ nullable: true }) afterwards?: string;
}

@ObjectType({ description: 'A change to the decks a setup makes.' })
export class TwomDeckChange {
  @Field() action!: string;
  @Field(() => [String]) decks!: string[];
  @Field(() => [ID]) deckIds!: string[];
  @Field(() => [String]) cards!: string[];
  @Field() text!: string;
}

@ObjectType()
export class TwomCharacterDraw {
  @Field({ description: 'red, black or special.' }) border!: string;
  @Field(() => Int) count!: number;
  @Field(() => [String]) names!: string[];
  @Field(() => [ID]) characterIds!: string[];
}

@ObjectType()
export class TwomCharacterSetup {
  @Field(() => Int) count!: number;
  @Field(() => [TwomCharacterDraw]) draws!: TwomCharacterDraw[];
  @Field() text!: string;
}

@ObjectType()
export class TwomStartingState {
  @Field() token!: string;
  @Field(() => Int) level!: number;
  @Field() target!: string;
}

@ObjectType()
export class TwomQuantity {
  @Field(() => Int) quantity!: number;
  @Field() token!: string;
}

@ObjectType()
export class TwomStartingStock {
  @Field({ description: 'Stockpile (001) or Storage (000).' }) space!: string;
  @Field(() => [TwomQuantity]) items!: TwomQuantity[];
  @Field(() => Int, { nullable: true }) anyOtherTokensWorthUpTo?: number;
  @Field(() => [String]) except!: string[];
  @Field() text!: string;
}

@ObjectType()
export class TwomStartingCold {
  @Field(() => Int) coldTokens!: number;
  @Field(() => [String]) extraCards!: string[];
  @Field() text!: string;
}

@ObjectType({ description: 'Special cards or tokens a setup places, with the items they are.' })
export class TwomSetupPlacement {
  @Field() text!: string;
  @Field(() => [ID]) cardIds!: string[];
  @Field(() => [ID]) componentIds!: string[];
  @Field(() => [ID]) trackIds!: string[];
}

@ObjectType({ description: 'A setup: the ordered steps as printed, plus the parts a companion can act on.' })
export class TwomSetup {
  @Field(() => [TwomSetupStep]) steps!: TwomSetupStep[];
  @Field(() => [TwomDeckChange]) deckChanges!: TwomDeckChange[];
  @Field(() => TwomEventDeckRecipe) eventDeck!: TwomEventDeckRecipe;
  @Field(() => TwomStartingCold, { nullable: true }) startingCold!: TwomStartingCold | null;
  @Field(() => TwomCharacterSetup) characters!: TwomCharacterSetup;
  @Field(() => [TwomStartingState]) startingStates!: TwomStartingState[];
  @Field(() => String, { nullable: true }) startingFittings!: string | null;
  @Field(() => TwomStartingStock) startingStock!: TwomStartingStock;
  @Field(() => [TwomSetupPlacement]) specialCards!: TwomSetupPlacement[];
  @Field(() => [TwomSetupPlacement]) specialTokens!: TwomSetupPlacement[];
  @Field({ nullable: true }) componentList?: string;
}
