import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { CardInterface } from '../../cards/card.interface';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ExternalRef } from '../../common/provenance.model';
import { TextSegment } from '../../common/text-segment.model';
import { RollTable } from '../shared/shared-kinds.model';
import { TwomTrack } from './twom-kinds.model';

@ObjectType({ description: 'A labelled part printed on a card (Needs, Aid, Reward, Penalty...).' })
export class TwomCardOption {
  @Field({ description: 'The label as printed, e.g. `Reward`.' }) label!: string;
  @Field({ description: 'The text under the label, as printed.' }) text!: string;
}

@ObjectType({ implements: () => [CardInterface, ContentItemInterface], description: 'A This War of Mine card.' })
@Directive('@key(fields: "id")')
export class TwomCard extends CardInterface {
  @Field(() => ID, { description: 'The module (core game, Tales from the Ruined City, Tactics) the card belongs to.' }) moduleId!: string;
  @Field(() => ID, { nullable: true, description: 'The base deck the card is shuffled into, when that is another deck.' })
  shuffleIntoDeckId?: string;
  @Field(() => ID, { nullable: true, description: 'The scenario the card belongs to, when it is scenario-specific.' }) scenarioId?: string;
  @Field(() => Int, { description: 'How many copies of the card the box holds.' }) copies!: number;
  @Field(() => String, { nullable: true, description: 'The card text as printed; null when the seed names the card but not its text (see gaps).' })
  text!: string | null;
  @Field(() => [TextSegment], { nullable: true, description: '`text` cut into words, icons and links; null when `text` is.' })
  segments!: TextSegment[] | null;
  @Field(() => [TwomCardOption], { description: 'Labelled parts printed on the card, in order.' }) options!: TwomCardOption[];
  @Field(() => [RollTable], { description: 'Tables the card tells you to roll on.' }) rollTables!: unknown[];
  @Field(() => [TwomTrack], { description: 'Tracks the card moves.' }) tracks!: unknown[];
  @Field(() => [ExternalRef], { description: 'Pointers into books the seeds do not contain.' }) externalRefs!: ExternalRef[];
}
