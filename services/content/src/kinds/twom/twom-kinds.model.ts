import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ExternalRef, NamedText } from '../../common/provenance.model';
import { TextSegment } from '../../common/text-segment.model';
import { Die, RuleSection } from '../shared/shared-kinds.model';
import { TwomSetup } from './twom-setup.model';

const implementsContentItem = () => [ContentItemInterface];

/** Fields every This War of Mine item carries. */
@ObjectType({ isAbstract: true })
export abstract class TwomItemFields extends ContentItemInterface {
  @Field(() => ID, { description: 'The module (core game, Tales from the Ruined City, Tactics) the item belongs to.' }) moduleId!: string;
  @Field(() => [ExternalRef], { description: 'Pointers into books the seeds do not contain.' }) externalRefs!: ExternalRef[];
}

@ObjectType({ implements: implementsContentItem, description: "The core game's setup as data." })
export class TwomCoreSetup extends TwomItemFields {
  @Field(() => ID, { description: 'The rule section that prints the same setup as prose.' }) ruleSectionId!: string;
  @Field(() => TwomSetup, { description: 'The setup steps as printed, plus the parts a companion can act on.' }) setup!: TwomSetup;
}

@ObjectType({ implements: implementsContentItem, description: 'A Character card.' })
export class TwomCharacter extends TwomItemFields {
  @Field(() => ID, { nullable: true, description: 'The scenario the character belongs to, when it is not a core character.' })
  scenarioId?: string;
  @Field({ nullable: true, description: 'The epithet printed with the name.' }) title?: string;
  @Field(() => Int, { nullable: true, description: 'Prowess as printed; null where the seed says the value is not legible.' })
  prowess!: number | null;
  @Field(() => Int, { nullable: true, description: 'Empathy as printed; null where the seed says the value is not legible.' })
  empathy!: number | null;
  @Field(() => Int, { nullable: true, description: 'Inventory size as printed; null where the seed says the value is not legible.' })
  inventory!: number | null;
  @Field(() => [NamedText], { description: 'Abilities printed on the card, in order.' }) abilities!: NamedText[];
  @Field({ nullable: true, description: 'Which miniature stands for the character, when it is not its own.' }) miniature?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A track or level scale a token moves along.' })
export class TwomTrack extends TwomItemFields {
  @Field(() => ID, { nullable: true, description: 'The scenario that uses the track, when it is not part of the core game.' })
  scenarioId?: string;
  @Field(() => Int, { description: 'How many copies of the track are in play (4 Suspicions tracks, say).' }) count!: number;
  @Field(() => [String], { nullable: true, description: 'The spaces in order, as text; null when the seed does not list them.' })
  positions!: (string | number)[] | null;
  @Field(() => String, { nullable: true, description: 'The starting space, as text; null when the seed does not give it.' })
  start!: string | number | null;
  @Field({ description: 'The rule text that describes the track.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@ObjectType({ implements: implementsContentItem, description: 'A legacy envelope, A to E.' })
export class TwomEnvelope extends TwomItemFields {
  @Field({ description: 'The printed letter, A to E.' }) letter!: string;
  @Field({ description: 'What the seed says about the envelope.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
  @Field(() => ID, { nullable: true, description: 'The scenario that opens it; null while the seed does not say.' })
  scenarioId!: string | null;
}

@ObjectType({ implements: implementsContentItem, description: 'A place a roll or a card can send the group to.' })
export class TwomLocation extends TwomItemFields {
  @Field(() => [String], { description: 'Other printed names for the same place.' }) aliases!: string[];
  @Field({ description: 'What the seed says about the place.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@ObjectType({ implements: implementsContentItem, description: 'A physical component and how many the box holds.' })
export class TwomComponent extends TwomItemFields {
  @Field({ description: 'miniature, token, tile, sheet, book, chart, table, map, card or other.' }) componentType!: string;
  @Field(() => Int, { nullable: true, description: 'How many the box holds; null when the seed does not say.' }) quantity!: number | null;
  @Field(() => ID, { nullable: true, description: 'The scenario the component belongs to, when it is scenario-specific.' })
  scenarioId?: string;
  @Field({ nullable: true, description: 'Text printed on the component, when the seed gives it.' }) text?: string;
  @Field({ nullable: true, description: 'What the component is for, from the seed.' }) description?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A phase of the day, in turn order.' })
export class TwomPhase extends TwomItemFields {
  @Field(() => Int, { description: 'Position in the day, from 1.' }) order!: number;
  @Field({ nullable: true, description: 'The subtitle printed under the phase name.' }) subtitle?: string;
  @Field(() => RuleSection, { description: 'The rules of the phase in prose.' }) ruleSection!: RuleSection;
  @Field({ description: 'Whether the phase ends by passing the Journal to the next player.' }) passesJournal!: boolean;
  @Field(() => [ID], { description: 'Tables (`twom-table`) the phase reads; fetch them with `contentItem`.' }) tableIds!: string[];
  @Field(() => [ID], { description: 'Tests (`twom-test`) the phase rolls; fetch them with `contentItem`.' }) testIds!: string[];
}

@ObjectType({ description: 'One value a table row changes; numbers are given as text.' })
export class TwomTableValue {
  @Field({ description: 'What changes, e.g. a token or level name.' }) key!: string;
  @Field({ description: 'By how much or to what, as text (numbers too).' }) value!: string;
}

@ObjectType({ description: 'One row of a lookup table.' })
export class TwomTableRow {
  @Field({ description: 'What the row is looked up by, as printed.' }) key!: string;
  @Field(() => String, { nullable: true, description: 'The row as printed; null where the seed names the row but not its effect.' })
  text!: string | null;
  @Field(() => [TwomTableValue], { description: 'What the row changes, as data.' }) values!: TwomTableValue[];
}

@ObjectType({ implements: implementsContentItem, description: 'A lookup that is not rolled.' })
export class TwomTable extends TwomItemFields {
  @Field({ description: 'The rule sentence the table was read from.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
  @Field(() => [TwomTableRow], { description: 'The rows in printed order.' }) rows!: TwomTableRow[];
}

@ObjectType({ implements: implementsContentItem, description: 'A roll against a value that changes during play.' })
export class TwomTest extends TwomItemFields {
  @Field(() => Die, { description: 'The die rolled.' }) die!: Die;
  @Field({ description: 'How the target number is made up, as printed.' }) target!: string;
  @Field({ nullable: true, description: 'How many rolls, when not one, as printed.' }) rolls?: string;
  @Field({ nullable: true, description: 'When a reroll is allowed, as printed.' }) reroll?: string;
  @Field(() => String, { nullable: true, description: 'What happens when the roll is at most the target; null when not printed.' })
  ifAtMost!: string | null;
  @Field(() => String, { nullable: true, description: 'What happens when the roll is higher; null when not printed.' })
  ifHigher!: string | null;
  @Field({ description: 'The rule text of the test.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}

@ObjectType({ implements: implementsContentItem, description: 'A side of the double-sided Tactics Map.' })
export class TwomMapSide extends TwomItemFields {
  @Field({ description: 'The side as printed.' }) side!: string;
  @Field(() => [String], { description: 'Location sizes the side is used for: small, medium, large.' }) locationSizes!: string[];
  @Field({ description: 'What the seed says about the side.' }) text!: string;
  @Field(() => [TextSegment], { description: '`text` cut into words, icons and links.' }) segments!: TextSegment[];
}
