import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { CardInterface } from '../../cards/card.interface';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ContentLink } from '../../common/content-link.model';
import { TextSegment } from '../../common/text-segment.model';

const implementsCard = () => [CardInterface, ContentItemInterface];

@ObjectType({ description: 'The plus and minus icons above a card title; only victories are scored with them.' })
export class ZsScoreModifier {
  @Field(() => Int, { description: 'How many [blue plus icon] (decreased difficulty) the card shows.' }) plus!: number;
  @Field(() => Int, { description: 'How many [red minus icon] (increased difficulty) the card shows.' }) minus!: number;
  @Field({
    description:
      '`printed` when the seed shows these counts; `inferred` when they are a reading the seed does not state (a header with no icon read as zero), explained in `reasoning`. Tell the two apart when showing a zero.',
  })
  basis!: string;
  @Field(() => String, { nullable: true, description: 'Why an inferred modifier was read this way; null for a printed one.' })
  reasoning!: string | null;
}

@ObjectType({ description: 'What happens on the listed die faces.' })
export class ZsFaceOutcome {
  @Field(() => [String], { description: 'The faces that select this outcome, as printed (e.g. `[yellow icon]`).' }) faces!: string[];
  @Field(() => [ID], {
    description: 'The canonical icon id of each face, in the same order; compare roll results with these, never with the printed spelling.',
  })
  faceIds!: string[];
  @Field({ description: 'What happens, as printed.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@ObjectType({ description: "A card's Fate Triggers section." })
export class ZsFateTriggers {
  @Field(() => [String], { description: 'Effects that fire on every Fate roll, whatever the result.' }) always!: string[];
  @Field(() => [ZsFaceOutcome], { description: 'Effects that fire only on the listed results.' }) byFace!: ZsFaceOutcome[];
}

@ObjectType({ description: 'An Action the card makes available.' })
export class ZsCardAction {
  @Field({ description: 'The cost icon as printed, e.g. `[blue square icon]`.' }) cost!: string;
  @Field(() => ID, { nullable: true, description: 'The canonical icon id of the cost; null when the cost is not an icon.' })
  costIconId!: string | null;
  @Field({ description: 'The Action name as printed.' }) name!: string;
  @Field({ nullable: true, description: 'When the Action may be taken, as printed.' }) condition?: string;
  @Field({ description: 'What the Action does, as printed.' }) text!: string;
  @Field(() => [ZsFaceOutcome], { description: 'Outcomes by die face when the Action rolls.' }) outcomes!: ZsFaceOutcome[];
}

@ObjectType({ implements: implementsCard, description: 'A Zone Survival card.' })
@Directive('@key(fields: "id")')
export class ZsCard extends CardInterface {
  @Field(() => Int, { nullable: true, description: "The Special deck's 1-10 corner number, used only to randomise setup." })
  randomNumber!: number | null;
  @Field({
    description: 'False where the seed does not print the card: its `tags` are then unknown, not absent, and must not be read as "no tags".',
  })
  tagsKnown!: boolean;
  @Field(() => ZsScoreModifier, { nullable: true, description: 'The score icons above the title; null where the deck has none or the seed does not show them.' })
  scoreModifier!: ZsScoreModifier | null;
  @Field(() => [String], { description: 'The Setup section, line by line as printed.' }) setup!: string[];
  @Field(() => String, { nullable: true, description: 'The Request, as printed; null when the card has none.' }) request!: string | null;
  @Field(() => String, { nullable: true, description: 'The story text, as printed; null when the card has none.' }) story!: string | null;
  @Field(() => [String], { description: 'The Rules section, line by line as printed.' }) rules!: string[];
  @Field(() => [ZsCardAction], { description: 'Actions the card makes available.' }) actions!: ZsCardAction[];
  @Field(() => ZsFateTriggers, { nullable: true, description: 'The Fate Triggers section; null when the card has none.' })
  fateTriggers!: ZsFateTriggers | null;
  @Field(() => [ContentLink], { description: 'Scripts and cards the card sends the reader to.' }) links!: ContentLink[];
}

@ObjectType({ description: 'One phase of the Game Round Order.' })
export class ZsRoundPhase {
  @Field(() => Int, { description: 'The printed phase number.' }) number!: number;
  @Field({ description: 'The phase name as printed.' }) name!: string;
  @Field({ description: 'The phase text as printed.' }) text!: string;
  @Field(() => [String], { description: 'Steps of the phase, in order.' }) steps!: string[];
}

@ObjectType({ implements: implementsCard, description: 'The Zone Survival Game Round Order help card.' })
@Directive('@key(fields: "id")')
export class ZsHelpCard extends CardInterface {
  @Field(() => [ZsRoundPhase], { description: 'The phases of a round, in order.' }) phases!: ZsRoundPhase[];
  @Field({ nullable: true, description: 'A remark of the seed about the printed card.' }) note?: string;
}
