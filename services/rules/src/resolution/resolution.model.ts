import { Field, Float, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'One step of a resolution, in words a player understands.' })
export class TranscriptStep {
  @Field()
  text!: string;

  @Field(() => String, { nullable: true, description: 'Id of the die rolled in this step, if any.' })
  die?: string | null;

  @Field(() => String, { nullable: true, description: 'What the die or draw showed, as text.' })
  value?: string | null;
}

@ObjectType({ description: 'The generator state after a resolution: pass it on to continue the same stream.' })
export class RngState {
  @Field(() => Float) s0!: number;
  @Field(() => Float) s1!: number;
  @Field(() => Float) s2!: number;
  @Field(() => Float) c!: number;
}
