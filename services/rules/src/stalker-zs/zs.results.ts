import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ResolutionOf } from '../resolution/resolution-of';
import { ValueOf } from '../resolution/value-of';

export const ChosenBy = { PLAYERS: 'players', RANDOM: 'random' } as const;
registerEnumType(ChosenBy, { name: 'ZoneSurvivalChosenBy' });

export const FateTrigger = { ALWAYS: 'always', FACE: 'face' } as const;
registerEnumType(FateTrigger, { name: 'ZoneSurvivalFateTrigger', description: 'ALWAYS fires on every roll; FACE matched the rolled face.' });

@ObjectType()
export class ZoneSurvivalNumbered {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => Int) number!: number;
}

@ObjectType()
export class ZoneSurvivalScenarioResult {
  @Field(() => ZoneSurvivalNumbered) scenario!: ZoneSurvivalNumbered;
  @Field(() => ZoneSurvivalNumbered) map!: ZoneSurvivalNumbered;
  @Field(() => ChosenBy) scenarioChosenBy!: ValueOf<typeof ChosenBy>;
  @Field(() => ChosenBy) mapChosenBy!: ValueOf<typeof ChosenBy>;
}
export const ZoneSurvivalScenarioResolution = ResolutionOf(ZoneSurvivalScenarioResult, 'ZoneSurvivalScenarioResolution');

@ObjectType()
export class ZoneSurvivalDieRoll {
  @Field() die!: string;
  @Field(() => Int) faceIndex!: number;
  @Field({ description: 'The face shown, as its label.' }) value!: string;
}

@ObjectType()
export class ZoneSurvivalFiredEffect {
  @Field(() => ID) cardId!: string;
  @Field() cardName!: string;
  @Field(() => FateTrigger) trigger!: ValueOf<typeof FateTrigger>;
  @Field() text!: string;
}

@ObjectType()
export class ZoneSurvivalCardFace {
  @Field(() => ID) cardId!: string;
  @Field() face!: string;
}

@ObjectType()
export class ZoneSurvivalFateTriggersResult {
  @Field(() => ZoneSurvivalDieRoll) roll!: ZoneSurvivalDieRoll;
  @Field(() => [ZoneSurvivalFiredEffect]) fired!: readonly ZoneSurvivalFiredEffect[];
  @Field({ description: 'Resolve 1 Unknown token from each stack this step.' }) resolveUnknowns!: boolean;
  @Field(() => Int, { nullable: true }) unknownStacks!: number | null;
  @Field(() => [ZoneSurvivalCardFace], { description: 'Faces on cards that no face of the die carries: those effects never fire.' })
  facesNotOnDie!: readonly ZoneSurvivalCardFace[];
}
export const ZoneSurvivalFateTriggersResolution = ResolutionOf(ZoneSurvivalFateTriggersResult, 'ZoneSurvivalFateTriggersResolution');

@ObjectType()
export class ZoneSurvivalScriptVia {
  @Field({ description: 'die-face or choice.' }) type!: string;
  @Field(() => String, { nullable: true }) face?: string;
  @Field(() => String, { nullable: true }) label?: string;
}

@ObjectType()
export class ZoneSurvivalScriptRef {
  @Field(() => ID) id!: string;
  @Field(() => Int) number!: number;
}

@ObjectType()
export class ZoneSurvivalScriptStepResult {
  @Field(() => ID) scriptId!: string;
  @Field(() => Int) scriptNumber!: number;
  @Field(() => ZoneSurvivalScriptVia) via!: ZoneSurvivalScriptVia;
  @Field(() => ZoneSurvivalDieRoll, { nullable: true }) roll!: ZoneSurvivalDieRoll | null;
  @Field(() => ZoneSurvivalScriptRef, { nullable: true, description: 'Null when the face has no branch: return to the game on the Map.' })
  next!: ZoneSurvivalScriptRef | null;
}
export const ZoneSurvivalScriptStepResolution = ResolutionOf(ZoneSurvivalScriptStepResult, 'ZoneSurvivalScriptStepResolution');

@ObjectType()
export class ZoneSurvivalScoreBreakdown {
  @Field(() => Int) victoryPoints!: number;
  @Field(() => Int) minusIcons!: number;
  @Field(() => Int) plusIcons!: number;
  @Field(() => Int) valueBonus!: number;
}

@ObjectType()
export class ZoneSurvivalScoreResult {
  @Field() victory!: boolean;
  @Field() objectiveMet!: boolean;
  @Field(() => Int, { nullable: true }) valueTarget!: number | null;
  @Field(() => [ID]) failedRequests!: readonly string[];
  @Field(() => Int, { nullable: true, description: "Null on a defeat, or while a counted card's modifiers are unknown." }) score!: number | null;
  @Field(() => Int, { nullable: true, description: 'The score of the cards whose modifiers are known.' }) partialScore!: number | null;
  @Field(() => ZoneSurvivalScoreBreakdown, { nullable: true }) breakdown!: ZoneSurvivalScoreBreakdown | null;
  @Field(() => [ID]) unscoredCards!: readonly string[];
}
export const ZoneSurvivalScoreResolution = ResolutionOf(ZoneSurvivalScoreResult, 'ZoneSurvivalScoreResolution');
