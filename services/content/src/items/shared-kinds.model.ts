import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';

const implementsContentItem = () => [ContentItemInterface];

@ObjectType({ implements: implementsContentItem, description: 'A box or mode of a game: core, expansion, play mode.' })
export class GameModule extends ContentItemInterface {
  @Field({ description: 'core, expansion, mode or module.' }) moduleType!: string;
  @Field(() => ID, { nullable: true }) parentModuleId?: string;
  @Field({ nullable: true }) summary?: string;
}

@ObjectType({ description: 'An inclusive range of die faces and what it means.' })
export class RollTableRow {
  @Field(() => Int) min!: number;
  @Field(() => Int) max!: number;
  @Field() outcome!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A table read against a die roll.' })
export class RollTable extends ContentItemInterface {
  @Field(() => ID, { nullable: true }) moduleId?: string;
  @Field(() => ID) dieId!: string;
  @Field({ description: 'The rulebook sentence the table was read from.' }) text!: string;
  @Field(() => [RollTableRow]) rows!: RollTableRow[];
}

@ObjectType({ implements: implementsContentItem, description: 'A die as data.' })
export class Die extends ContentItemInterface {
  @Field(() => [String], {
    nullable: true,
    description: 'Numbers or symbols, as text; null when the seeds do not list the faces (see gaps).',
  })
  faces!: (string | number)[] | null;
  @Field({ description: 'seed, assumption or unknown.' }) facesSource!: string;
  @Field({ nullable: true }) assumptionNote?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A part of the rules in prose, split by heading.' })
export class RuleSection extends ContentItemInterface {
  @Field(() => ID, { nullable: true }) moduleId?: string;
  @Field(() => [String], { description: 'Headings from the top of the document down to this section.' })
  headingPath!: string[];
  @Field(() => Int) order!: number;
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A deck of cards.' })
export class Deck extends ContentItemInterface {
  @Field(() => ID, { nullable: true }) moduleId?: string;
  @Field(() => Int, { nullable: true, description: 'How many cards the seed says the deck has.' }) cardCount?: number;
  @Field({ nullable: true }) description?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'An icon or term explained by a glossary.' })
export class GlossaryEntry extends ContentItemInterface {
  @Field(() => ID, { nullable: true }) moduleId?: string;
  @Field() text!: string;
}

export const SHARED_KIND_TYPES = [GameModule, RollTable, Die, RuleSection, Deck, GlossaryEntry];
