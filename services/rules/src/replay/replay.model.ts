import { Field, ID, ObjectType } from '@nestjs/graphql';
import { RngState, TranscriptStep } from '../resolution/resolution.model';

@ObjectType({ description: 'A procedure run again from its id, input and seed.' })
export class Replay {
  @Field(() => ID)
  procedureId!: string;

  @Field()
  seed!: string;

  @Field({ description: "The engine's result as JSON; the same input and seed give the same bytes." })
  resultJson!: string;

  @Field(() => [TranscriptStep])
  transcript!: TranscriptStep[];

  @Field(() => RngState)
  rngState!: RngState;
}
