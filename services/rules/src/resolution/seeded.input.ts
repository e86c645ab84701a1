import { Field, InputType } from '@nestjs/graphql';

/** Base of every procedure input: the seed travels with the input it resolves. */
@InputType({ isAbstract: true })
export abstract class SeededInput {
  @Field(() => String, { nullable: true, description: 'Same seed and input, same resolution, on every machine. Drawn when omitted.' })
  seed?: string | null;
}
