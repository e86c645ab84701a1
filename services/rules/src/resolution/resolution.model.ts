import { Field, Float, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'One step of a resolution, in words a player understands.' })
export class TranscriptStep {
  @Field({ description: 'What happened in this step, as a sentence to show the table.' })
  text!: string;

  @Field(() => String, { nullable: true, description: 'Id of the die rolled in this step, as the procedure names it (for `rollDice`, the `DieKind` value in the engine\'s spelling); null when no die was rolled.' })
  die?: string | null;

  @Field(() => String, { nullable: true, description: 'What the die or draw showed, as text.' })
  value?: string | null;

  @Field({ description: 'True when this step applies a value no rulebook prints; `reasoning` says where it was read from.' })
  inferred!: boolean;

  @Field(() => String, { nullable: true, description: 'Why an inferred value was read the way it was; null when the step applies printed rules only.' })
  reasoning?: string | null;
}

@ObjectType({ description: 'The generator state after a resolution: pass it as `rngState` to the next call to continue the same stream.' })
export class RngState {
  @Field(() => Float, { description: 'Generator lag s0, a fraction in [0, 1).' }) s0!: number;
  @Field(() => Float, { description: 'Generator lag s1, a fraction in [0, 1).' }) s1!: number;
  @Field(() => Float, { description: 'Generator lag s2, a fraction in [0, 1).' }) s2!: number;
  @Field(() => Float, { description: 'Generator carry, a whole number.' }) c!: number;
}

@InputType({ description: 'A generator state exactly as a resolution returned it in `rngState`; the call continues that stream.' })
export class RngStateInput {
  @Field(() => Float, { description: 'Lag s0 as returned, a fraction in [0, 1).' }) s0!: number;
  @Field(() => Float, { description: 'Lag s1 as returned, a fraction in [0, 1).' }) s1!: number;
  @Field(() => Float, { description: 'Lag s2 as returned, a fraction in [0, 1).' }) s2!: number;
  @Field(() => Float, { description: 'Carry as returned, a whole number.' }) c!: number;
}
