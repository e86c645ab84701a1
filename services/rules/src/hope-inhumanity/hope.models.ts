import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { NamedCount } from '../resolution/entries.model';
import { ResolutionOf } from '../resolution/resolution-of';
import { SeededInput } from '../resolution/seeded.input';
import { ValueOf } from '../resolution/value-of';

export const SceneDecision = { ACT: 'act', AVOID: 'avoid' } as const;
registerEnumType(SceneDecision, { name: 'HopeSceneDecision' });

export const SceneOutcome = { SUCCEED: 'succeed', FAIL: 'fail', REFUSE: 'refuse', RESPOND: 'respond' } as const;
registerEnumType(SceneOutcome, { name: 'HopeSceneOutcome', description: 'Which Scene text a player suffers or gains.' });

@InputType()
export class HopeSceneCardInput {
  @Field() name!: string;
  @Field() terrain!: string;
}

@InputType()
export class HopeSetupInput extends SeededInput {
  @Field(() => [String], { description: 'Players clockwise; the first takes the first turn.' }) players!: string[];
  @Field(() => Int, { description: 'Humanity dice each player starts with (the seed does not give it).' }) humanityDice!: number;
  @Field(() => Int, { description: 'Dice in the Hope pool at the start (the seed does not give it).' }) hopeDice!: number;
  @Field(() => [HopeSceneCardInput]) scenes!: HopeSceneCardInput[];
}

@ObjectType()
export class HopeSceneDeck {
  @Field() terrain!: string;
  @Field(() => [String], { description: 'Top first.' }) cards!: readonly string[];
}

@ObjectType()
export class HopePlayer {
  @Field() name!: string;
  @Field(() => Int) humanity!: number;
}

@ObjectType()
export class HopeSetupResult {
  @Field(() => [HopePlayer]) players!: readonly HopePlayer[];
  @Field(() => Int) hopePool!: number;
  @Field(() => Int) round!: number;
  @Field(() => Int) rounds!: number;
  @Field(() => [HopeSceneDeck], { description: 'One shuffled mini-deck per terrain.' }) sceneDecks!: HopeSceneDeck[];
}
export const HopeSetupResolution = ResolutionOf(HopeSetupResult, 'HopeSetupResolution');

@InputType()
export class HopeScenePlayerInput {
  @Field() name!: string;
  @Field(() => Int) humanity!: number;
  @Field(() => Int, { description: 'Hardship added by Harm and Hunger conditions, from the condition cards.' }) conditionPenalty!: number;
}

@InputType()
export class HopeSceneInfoInput {
  @Field() name!: string;
  @Field(() => Int, { nullable: true, description: 'Absent when the Scene has no hardship rating: no roll.' }) hardship?: number | null;
  @Field() unavoidable!: boolean;
}

@InputType()
export class HopeSupportInput {
  @Field() name!: string;
  @Field(() => Int, { description: 'Humanity dice committed in support.' }) dice!: number;
  @Field(() => Boolean, { nullable: true, description: 'Last Hope: no Humanity left, one Hope die instead.' }) lastHope?: boolean | null;
}

@InputType()
export class HopeSceneInput extends SeededInput {
  @Field(() => [HopeScenePlayerInput]) players!: HopeScenePlayerInput[];
  @Field() active!: string;
  @Field(() => HopeSceneInfoInput) scene!: HopeSceneInfoInput;
  @Field(() => SceneDecision) decision!: ValueOf<typeof SceneDecision>;
  @Field(() => Int, { nullable: true, description: 'Humanity dice the active player commits.' }) committed?: number | null;
  @Field(() => [HopeSupportInput], { nullable: true }) supporters?: HopeSupportInput[] | null;
  @Field(() => Int, { nullable: true, description: 'Dice the active player takes from the Hope pool.' }) hopeDice?: number | null;
  @Field(() => Int) hopePool!: number;
  @Field(() => Int, { nullable: true, description: 'Relationship, Personality or Trait effects on the hardship.' }) hardshipModifier?: number | null;
}

@ObjectType()
export class HopePlayerOutcome {
  @Field() name!: string;
  @Field(() => SceneOutcome) outcome!: ValueOf<typeof SceneOutcome>;
}

@ObjectType()
export class HopeSceneResult {
  @Field(() => SceneDecision) decision!: ValueOf<typeof SceneDecision>;
  @Field() rolled!: boolean;
  @Field(() => [Int], { nullable: true }) dice?: readonly number[];
  @Field(() => Int, { nullable: true }) successes?: number;
  @Field(() => Int, { nullable: true }) totalHardship?: number;
  @Field(() => Boolean, { nullable: true }) success?: boolean;
  @Field(() => [HopePlayerOutcome]) outcomes!: HopePlayerOutcome[];
  @Field(() => [NamedCount], { description: 'Humanity dice per player after the Scene.' }) humanity!: NamedCount[];
  @Field(() => Int) hopePool!: number;
}
export const HopeSceneResolution = ResolutionOf(HopeSceneResult, 'HopeSceneResolution');

@InputType()
export class HopeEndRoundInput extends SeededInput {
  @Field(() => Int, { description: 'The round that ends, 1 to 5.' }) round!: number;
  @Field(() => Int) hopePool!: number;
}

@ObjectType()
export class HopeEndRoundResult {
  @Field() gameOver!: boolean;
  @Field(() => Int) round!: number;
  @Field(() => Int) hopePool!: number;
}
export const HopeEndRoundResolution = ResolutionOf(HopeEndRoundResult, 'HopeEndRoundResolution');
