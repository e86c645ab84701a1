import { Field, InputType, Int } from '@nestjs/graphql';
import { SeededInput } from '../resolution/seeded.input';
import { ValueOf } from '../resolution/value-of';
import { CharacterCardInput } from '../twom/twom.inputs';
import { EmiraHabit, IncidentId, LukaLevel, MarketOption } from './tales.enums';

@InputType()
export class TalesCharacterInput {
  @Field() name!: string;
  @Field(() => Int) empathy!: number;
  @Field(() => Int) misery!: number;
}

@InputType()
export class TalesIncidentSetupInput extends SeededInput {
  @Field(() => IncidentId) scenario!: ValueOf<typeof IncidentId>;
  @Field(() => [CharacterCardInput], { nullable: true, description: 'Every Character card; not needed for You and Me.' })
  characterDeck?: CharacterCardInput[] | null;
  @Field(() => [String]) events!: string[];
  @Field(() => [String], { description: 'The 3 Ending Event cards, CEASEFIRE among them.' }) endingEvents!: string[];
}

@InputType()
export class TalesCatInput extends SeededInput {
  @Field(() => Int, { description: 'Raw Food in the Storage before the roll.' }) rawFood!: number;
}

@InputType()
export class TalesCharactersInput extends SeededInput {
  @Field(() => [TalesCharacterInput]) characters!: TalesCharacterInput[];
}

@InputType()
export class TalesChosenCharacterInput extends TalesCharactersInput {
  @Field({ description: 'The Character present chosen for the roll.' }) chosen!: string;
}

@InputType({ description: 'No choices: only the seed.' })
export class TalesRollInput extends SeededInput {}

@InputType()
export class TalesLukaDawnInput extends SeededInput {
  @Field(() => LukaLevel) condition!: ValueOf<typeof LukaLevel>;
  @Field({ description: 'Whether Wounded Luka was given Bandages.' }) bandaged!: boolean;
}

@InputType({ description: "A track's printed ends, from the Scenario sheet." })
export class TalesTrackBoundsInput {
  @Field(() => Int) min!: number;
  @Field(() => Int) max!: number;
}

@InputType()
export class TalesRefugeesDawnInput extends SeededInput {
  @Field(() => Int) cover!: number;
  @Field(() => Int) condition!: number;
  @Field(() => Int) coldTokens!: number;
  @Field(() => Int) boardUps!: number;
  @Field(() => TalesTrackBoundsInput, { nullable: true }) coverTrack?: TalesTrackBoundsInput | null;
  @Field(() => TalesTrackBoundsInput, { nullable: true }) conditionTrack?: TalesTrackBoundsInput | null;
}

@InputType()
export class TalesCoverRollInput extends SeededInput {
  @Field({ description: 'The Refugees card that calls for the roll, by its printed title.' }) card!: string;
  @Field(() => Int) cover!: number;
  @Field(() => TalesTrackBoundsInput, { nullable: true }) coverTrack?: TalesTrackBoundsInput | null;
}

@InputType()
export class TalesNeighbourInput {
  @Field() name!: string;
  @Field(() => Int) needs!: number;
}

@InputType()
export class TalesSideBySideDawnInput extends SeededInput {
  @Field(() => [TalesNeighbourInput]) neighbours!: TalesNeighbourInput[];
  @Field({ description: "Vladimir's card lies red side up." }) vladimirRedSide!: boolean;
}

@InputType()
export class TalesEmiraStorageInput {
  @Field(() => Int) moonshine!: number;
  @Field(() => Int) alcohol!: number;
}

@InputType()
export class TalesEmiraSpiritInput extends SeededInput {
  @Field(() => Int) hunger!: number;
  @Field(() => Int) misery!: number;
  @Field(() => TalesEmiraStorageInput) storage!: TalesEmiraStorageInput;
  @Field(() => EmiraHabit) habit!: ValueOf<typeof EmiraHabit>;
}

@InputType()
export class TalesSewersExitInput extends SeededInput {
  @Field(() => Int, { nullable: true, description: "The Location's Unknown-deck number (10, 12 or 14), to halve." })
  locationCards?: number | null;
}

@InputType()
export class TalesThugsForfeitInput extends SeededInput {
  @Field(() => Int) threat!: number;
}

@InputType()
export class TalesWaresCardInput {
  @Field() name!: string;
  @Field() farmer!: boolean;
  @Field() thug!: boolean;
}

@InputType()
export class TalesStealInput {
  @Field() thief!: string;
  @Field(() => [Int], { description: "The Grey Combat die's faces as icons per face (0 = blank); the seed does not print them." })
  greyDieFaces!: number[];
}

@InputType()
export class TalesMarketVisitInput extends SeededInput {
  @Field(() => [String]) findingsPile!: string[];
  @Field({ description: 'The token discarded from the Findings Pile to enter.' }) discard!: string;
  @Field(() => [TalesWaresCardInput], { description: 'The Wares deck, top first.' }) waresDeck!: TalesWaresCardInput[];
  @Field(() => Int) tolerance!: number;
  @Field(() => MarketOption) option!: ValueOf<typeof MarketOption>;
  @Field(() => TalesStealInput, { nullable: true, description: 'Needed for STEAL.' }) steal?: TalesStealInput | null;
}
