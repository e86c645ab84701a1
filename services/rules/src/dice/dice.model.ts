import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { RngState, TranscriptStep } from '../resolution/resolution.model';

export enum DieKind {
  BLACK_D10 = 'BLACK_D10',
  D6 = 'D6',
}
registerEnumType(DieKind, {
  name: 'DieKind',
  valuesMap: {
    BLACK_D10: { description: "This War of Mine's Black die, 1 to 10." },
    D6: { description: 'A six-sided die, 1 to 6.' },
  },
});

@InputType()
export class RollDiceInput {
  @Field(() => DieKind)
  die!: DieKind;

  @Field(() => Int, { description: 'How many dice, 1 to 100.' })
  count!: number;

  @Field(() => String, { nullable: true, description: 'Same seed, same values, on every machine. Drawn when omitted.' })
  seed?: string | null;
}

@ObjectType()
export class DiceRoll {
  @Field(() => DieKind)
  die!: DieKind;

  @Field(() => [Int])
  values!: number[];

  @Field()
  seed!: string;

  @Field(() => [TranscriptStep])
  transcript!: TranscriptStep[];

  @Field(() => RngState)
  rngState!: RngState;
}
