import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../../common/content-item.interface';
import { TextSegment } from '../../common/text-segment.model';

const implementsContentItem = () => [ContentItemInterface];

@ObjectType({ implements: implementsContentItem, description: 'A box or mode of a game: core, expansion, play mode.' })
export class GameModule extends ContentItemInterface {
  @Field({ description: '`core`, `expansion`, `mode` (a way to play the same box) or `module` (a part of a box).' }) moduleType!: string;
  @Field(() => ID, { nullable: true, description: 'The module this one extends, when it is not the core game.' })
  parentModuleId?: string;
  @Field({ nullable: true, description: 'A sentence on what the module adds, from the seed.' }) summary?: string;
}

@ObjectType({ description: 'An inclusive range of die faces and what it means.' })
export class RollTableRow {
  @Field(() => Int, { description: 'Lowest face of the range, inclusive.' }) min!: number;
  @Field(() => Int, { description: 'Highest face of the range, inclusive.' }) max!: number;
  @Field({ description: 'What a roll in the range means, as printed.' }) outcome!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A table read against a die roll.' })
export class RollTable extends ContentItemInterface {
  @Field(() => ID, { nullable: true, description: 'The module the table belongs to, when the game has several.' }) moduleId?: string;
  @Field(() => ID, { description: 'The die rolled against the table (a `die` item).' }) dieId!: string;
  @Field({ description: 'The rulebook sentence the table was read from.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
  @Field(() => [RollTableRow], { description: 'The ranges in printed order.' }) rows!: RollTableRow[];
}

@ObjectType({ implements: implementsContentItem, description: 'A die as data.' })
export class Die extends ContentItemInterface {
  @Field(() => [String], {
    nullable: true,
    description: 'Numbers or symbols, as text; null when the seeds do not list the faces (see gaps).',
  })
  faces!: (string | number)[] | null;
  @Field(() => [ID], {
    nullable: 'itemsAndList',
    description:
      'The canonical icon id of each face in `faces`, in the same order, for faces that are icons; null entries are numbers. Null when `faces` is.',
  })
  faceIconIds!: (string | null)[] | null;
  @Field({ description: '`seed` (the seed lists the faces), `assumption` (a documented default, see assumptionNote) or `unknown`.' })
  facesSource!: string;
  @Field({ nullable: true, description: 'Why the assumed faces were chosen, when facesSource is `assumption`.' }) assumptionNote?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A part of the rules in prose, split by heading.' })
export class RuleSection extends ContentItemInterface {
  @Field(() => ID, { nullable: true, description: 'The module the section belongs to, when the game has several.' }) moduleId?: string;
  @Field(() => [String], { description: 'Headings from the top of the document down to this section.' })
  headingPath!: string[];
  @Field(() => Int, { description: 'Position within its module, for reading order.' }) order!: number;
  @Field({ description: 'The section as printed; paragraphs are separated by blank lines, bullets start with "• ".' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@ObjectType({ implements: implementsContentItem, description: 'A deck of cards.' })
export class Deck extends ContentItemInterface {
  @Field(() => ID, { nullable: true, description: 'The module the deck belongs to, when the game has several.' }) moduleId?: string;
  @Field(() => Int, { nullable: true, description: 'How many cards the seed says the deck has; null when it does not say.' })
  cardCount?: number;
  @Field({ nullable: true, description: 'What the deck is for, from the seed.' }) description?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'An icon or term explained by a glossary.' })
export class GlossaryEntry extends ContentItemInterface {
  @Field(() => ID, { nullable: true, description: 'The module the entry belongs to, when the game has several.' }) moduleId?: string;
  @Field({ description: 'The explanation as printed.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}
