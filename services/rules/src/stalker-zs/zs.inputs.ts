import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { SeededInput } from '../resolution/seeded.input';

const DIE_FACES =
  'Face labels of the Zone Survival die, as its cards print them ("[purple icon]"). The seed does not list the faces, so the content has none: give them here.';

@InputType()
export class ZoneSurvivalScenarioInput extends SeededInput {
  @Field(() => ID, { nullable: true, description: 'The Scenario chosen; drawn at random when omitted.' }) scenarioId?: string | null;
  @Field(() => ID, { nullable: true, description: 'The Map chosen; drawn at random when omitted.' }) mapId?: string | null;
}

@InputType()
export class ZoneSurvivalSetupInput extends SeededInput {
  @Field(() => ID, { description: 'e.g. stalker-zs:scenario:boss-hunt' }) scenarioId!: string;
  @Field(() => Int, { description: '1 to 4.' }) stalkerCount!: number;
  @Field(() => [ID], {
    nullable: true,
    description: 'Secret Mission: Setup cards the players judge would open a passage to the Room behind the Armored Gate.',
  })
  setupCardsOpeningPassage?: string[] | null;
}

@InputType()
export class ZoneSurvivalFateTriggersInput extends SeededInput {
  @Field(() => [ID], { description: 'Every face-up card next to the board.' }) cardIds!: string[];
  @Field(() => Int, { nullable: true, description: 'Stacks of Unknown tokens on the Map.' }) unknownStacks?: number | null;
  @Field(() => ID, { nullable: true, description: 'The Scenario played (Frontal Assault resolves Unknown tokens every Round).' })
  scenarioId?: string | null;
  @Field(() => [String], { nullable: true, description: DIE_FACES }) dieFaces?: string[] | null;
}

@InputType()
export class ZoneSurvivalScriptStepInput extends SeededInput {
  @Field(() => ID, { description: 'e.g. stalker-zs:script:145' }) scriptId!: string;
  @Field(() => String, { nullable: true, description: 'A rolled face, as the script labels it.' }) face?: string | null;
  @Field(() => String, { nullable: true, description: 'A choice as printed.' }) choice?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Roll the die for the script instead of giving a face or a choice.' }) roll?: boolean | null;
  @Field(() => [String], { nullable: true, description: DIE_FACES }) dieFaces?: string[] | null;
}

@InputType()
export class ZoneSurvivalRequestInput {
  @Field(() => ID) cardId!: string;
  @Field() met!: boolean;
}

@InputType()
export class ZoneSurvivalScoreInput extends SeededInput {
  @Field(() => ID) scenarioId!: string;
  @Field(() => Int, { description: '1 to 4.' }) stalkerCount!: number;
  @Field(() => Boolean, { nullable: true, description: 'Whether the main Objective was met; derived from collectedValue where the Scenario has a value target.' })
  objectiveMet?: boolean | null;
  @Field(() => Int, { nullable: true, description: 'Gather Supplies: value of the stuff collected, in K.' }) collectedValue?: number | null;
  @Field(() => [ZoneSurvivalRequestInput], { nullable: true, description: 'Face-up Request cards and whether each was met.' })
  requests?: ZoneSurvivalRequestInput[] | null;
  @Field(() => [ID], { description: 'Every Setup, Event and Character card included in the game, drawn or not.' }) cardIds!: string[];
}
