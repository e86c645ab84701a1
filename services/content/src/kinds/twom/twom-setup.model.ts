import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A numbered setup step with its bullets, as printed.' })
export class TwomSetupStep {
  @Field(() => Int, { description: 'The printed step number.' }) order!: number;
  @Field({ description: 'The step heading as printed.' }) heading!: string;
  @Field({ nullable: true, description: 'The step text; absent for steps that are bullets only.' }) text?: string;
  @Field(() => [String], { description: 'The bullets under the step, in order.' }) bullets!: string[];
}

@ObjectType({ description: 'One step of stacking the Event deck, bottom first.' })
export class TwomEventDeckStep {
  @Field(() => Int, { description: 'Position in the stacking order, from 1 (bottom).' }) order!: number;
  @Field({ description: 'shuffle-to-bottom, find-and-place-at-bottom, place-on-top or draw-random-on-top.' }) action!: string;
  @Field(() => Int, { description: 'How many cards the step moves.' }) count!: number;
  @Field({ nullable: true, description: 'The card the step names, when it names one.' }) card?: string;
  @Field({ nullable: true, description: 'I, II or III for the Chapter cards of the core game.' }) chapter?: string;
  @Field(() => Int, { nullable: true, description: 'Cards of the same group the step takes out of the game.' }) removeRemaining?: number;
  @Field({ description: 'The step as printed.' }) text!: string;
}

@ObjectType({ description: 'How the Event deck is built.' })
export class TwomEventDeckRecipe {
  @Field(() => [String], { description: 'Cards found and set aside before building, used elsewhere in setup.' }) setAside!: string[];
  @Field(() => [TwomEventDeckStep], { description: 'The stacking steps, bottom first.' }) steps!: TwomEventDeckStep[];
  @Field({ nullable: true, description: 'What to do once the deck is built, as printed.' }) afterwards?: string;
}

@ObjectType({ description: 'A change to the decks a setup makes.' })
export class TwomDeckChange {
  @Field({
    description:
      'draw-objective, exclude-decks, remove-cards, keep-all-cards, single-fittings-deck, set-aside-cards, split-deck or draw-to-spaces.',
  })
  action!: string;
  @Field(() => [String], { description: 'Deck names as printed.' }) decks!: string[];
  @Field(() => [ID], { description: 'The deck items those names resolve to.' }) deckIds!: string[];
  @Field(() => [String], { description: 'Card names the change concerns, as printed.' }) cards!: string[];
  @Field({ description: 'The change as printed.' }) text!: string;
}

@ObjectType({ description: 'Characters drawn by border colour, or taken by name.' })
export class TwomCharacterDraw {
  @Field({ description: 'red, black or special.' }) border!: string;
  @Field(() => Int, { description: 'How many to draw.' }) count!: number;
  @Field(() => [String], { description: 'Named cards to take instead of drawing, as printed.' }) names!: string[];
  @Field(() => [ID], { description: 'The character items those names resolve to.' }) characterIds!: string[];
}

@ObjectType({ description: 'How the starting characters are chosen.' })
export class TwomCharacterSetup {
  @Field(() => Int, { description: 'How many characters start.' }) count!: number;
  @Field(() => [TwomCharacterDraw], { description: 'The draws, in order.' }) draws!: TwomCharacterDraw[];
  @Field({ description: 'The rule as printed.' }) text!: string;
}

@ObjectType({ description: 'A state token characters start with.' })
export class TwomStartingState {
  @Field({ description: 'The token, as printed (e.g. Hunger, Misery).' }) token!: string;
  @Field(() => Int, { description: 'Its starting level.' }) level!: number;
  @Field({ description: 'Who receives it, in the seed\'s words ("each Character", "1 chosen Character").' }) target!: string;
}

@ObjectType({ description: 'A number of tokens of one kind.' })
export class TwomQuantity {
  @Field(() => Int, { description: 'How many.' }) quantity!: number;
  @Field({ description: 'The token, as printed.' }) token!: string;
}

@ObjectType({ description: 'The resources the group starts with.' })
export class TwomStartingStock {
  @Field({ description: 'Stockpile (001) or Storage (000): the space the seed puts them on.' }) space!: string;
  @Field(() => [TwomQuantity], { description: 'The listed tokens.' }) items!: TwomQuantity[];
  @Field(() => Int, { nullable: true, description: 'The value cap of "any other tokens worth N or less", when given.' })
  anyOtherTokensWorthUpTo?: number;
  @Field(() => [String], { description: 'Tokens the cap excludes, as printed.' }) except!: string[];
  @Field({ description: 'The rule as printed.' }) text!: string;
}

@ObjectType({ description: 'The Starting Cold step.' })
export class TwomStartingCold {
  @Field(() => Int, { description: 'Cold tokens placed.' }) coldTokens!: number;
  @Field(() => [String], { description: 'Extra cards the step adds, as printed.' }) extraCards!: string[];
  @Field({ description: 'The step as printed.' }) text!: string;
}

@ObjectType({ description: 'Special cards or tokens a setup places, with the items they are.' })
export class TwomSetupPlacement {
  @Field({ description: 'The placement as printed.' }) text!: string;
  @Field(() => [ID], { description: 'Cards it places.' }) cardIds!: string[];
  @Field(() => [ID], { description: 'Components it places.' }) componentIds!: string[];
  @Field(() => [ID], { description: 'Tracks it places.' }) trackIds!: string[];
}

@ObjectType({ description: 'A setup: the ordered steps as printed, plus the parts a companion can act on.' })
export class TwomSetup {
  @Field(() => [TwomSetupStep], { description: 'The steps as printed, in order.' }) steps!: TwomSetupStep[];
  @Field(() => [TwomDeckChange], { description: 'Changes to the decks.' }) deckChanges!: TwomDeckChange[];
  @Field(() => TwomEventDeckRecipe, { description: 'How the Event deck is built.' }) eventDeck!: TwomEventDeckRecipe;
  @Field(() => TwomStartingCold, { nullable: true, description: 'Null when the setup has no Starting Cold step.' })
  startingCold!: TwomStartingCold | null;
  @Field(() => TwomCharacterSetup, { description: 'How the starting characters are chosen.' }) characters!: TwomCharacterSetup;
  @Field(() => [TwomStartingState], { description: 'State tokens characters start with.' }) startingStates!: TwomStartingState[];
  @Field(() => String, { nullable: true, description: 'The starting Fittings rule as printed; null when there is none.' })
  startingFittings!: string | null;
  @Field(() => TwomStartingStock, { description: 'The resources the group starts with.' }) startingStock!: TwomStartingStock;
  @Field(() => [TwomSetupPlacement], { description: 'Special cards the setup places.' }) specialCards!: TwomSetupPlacement[];
  @Field(() => [TwomSetupPlacement], { description: 'Special tokens the setup places.' }) specialTokens!: TwomSetupPlacement[];
  @Field({ nullable: true, description: "The seed's list of the scenario's own components, as printed." }) componentList?: string;
}
