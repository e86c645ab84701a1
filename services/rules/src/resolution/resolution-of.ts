import { Type } from '@nestjs/common';
import { Field, ObjectType } from '@nestjs/graphql';
import { RngState, TranscriptStep } from './resolution.model';
import { ResolutionFields } from './transcript.mapper';

/** What every typed procedure query returns. */
export interface ResolutionShape<R> extends ResolutionFields {
  result: R;
}

/**
 * Builds `<Name>` with the seed, transcript and generator state every
 * resolution carries, and the procedure's own typed `result`.
 */
export function ResolutionOf<R>(resultType: Type<R>, name: string, description?: string): Type<ResolutionShape<R>> {
  @ObjectType(name, { description: description ?? 'A resolution: its seed, what happened step by step, the generator state after, and the result.' })
  class ResolutionType {
    @Field({ description: 'The seed used; pass it again with the same input to get the same resolution.' })
    seed!: string;

    @Field(() => [TranscriptStep])
    transcript!: TranscriptStep[];

    @Field(() => RngState)
    rngState!: RngState;

    @Field(() => resultType)
    result!: R;
  }
  return ResolutionType as Type<ResolutionShape<R>>;
}
