import { Field, ID, ObjectType } from '@nestjs/graphql';
import { RngState, TranscriptStep } from '../resolution/resolution.model';

@ObjectType({ description: 'A procedure run again from its id, input and seed (or rngState).' })
export class Replay {
  @Field(() => ID, { description: 'The procedure that ran, as given.' })
  procedureId!: string;

  @Field(() => String, { nullable: true, description: 'The seed the run started from; null when it continued from a given rngState.' })
  seed!: string | null;

  @Field({ description: "The engine's result as JSON; the same input and seed give the same bytes." })
  resultJson!: string;

  @Field(() => [TranscriptStep], { description: 'What happened, step by step.' })
  transcript!: TranscriptStep[];

  @Field(() => RngState, { description: 'The generator state after the run: pass it as `rngState` to continue the stream.' })
  rngState!: RngState;
}
