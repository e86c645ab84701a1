import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ExternalRef, NamedText } from '../common/provenance.model';
import { TwomSetup } from '../scenarios/twom-setup.model';
import { Die, RuleSection } from './shared-kinds.model';

const implementsContentItem = () => [ContentItemInterface];

/** Fields every This War of Mine item carries. */
@ObjectType({ isAbstract: true })
export abstract class TwomItemFields extends ContentItemInterface {
  @Field(() => ID) moduleId!: string;
  @Field(() => [ExternalRef], { description: 'Pointers into books the seeds do not contain.' }) externalRefs!: ExternalRef[];
}

@ObjectType({ implements: implementsContentItem, description: "The core game's setup as data." })
export class TwomCoreSetup extends TwomItemFields {
  @Field(() => ID) ruleSectionId!: string;
  @Field(() => TwomSetup) setup!: TwomSetup;
}

@ObjectType({ implements: implementsContentItem, description: 'A Character card.' })
export class TwomCharacter extends TwomItemFields {
  @Field(() => ID, { nullable: true }) scenarioId?: string;
  @Field({ nullable: true, description: 'The epithet printed with the name.' }) title?: string;
  @Field(() => Int, { nullable: true, description: 'Null where the seed says the value is not legible.' }) prowess!: number | null;
  @Field(() => Int, { nullable: true }) empathy!: number | null;
  @Field(() => Int, { nullable: true }) inventory!: number | null;
  @Field(() => [NamedText]) abilities!: NamedText[];
  @Field({ nullable: true }) miniature?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A track or level scale a token moves along.' })
export class TwomTrack extends TwomItemFields {
  @Field(() => ID, { nullable: true }) scenarioId?: string;
  @Field(() => Int) count!: number;
  @Field(() => [String], { nullable: true, description: 'The spaces in order, as text; null when not listed.' })
  positions!: (string | number)[] | null;
  @Field(() => String, { nullable: true }) start!: string | number | null;
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A legacy envelope, A to E.' })
export class TwomEnvelope extends TwomItemFields {
  @Field() letter!: string;
  @Field() text!: string;
  @Field(() => ID, { nullable: true, description: 'Null while the seed does not say which Scenario opens it.' })
  scenarioId!: string | null;
}

@ObjectType({ implements: implementsContentItem, description: 'A place a roll or a card can send the group to.' })
export class TwomLocation extends TwomItemFields {
  @Field(() => [String]) aliases!: string[];
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A physical component and how many the box holds.' })
export class TwomComponent extends TwomItemFields {
  @Field() componentType!: string;
  @Field(() => Int, { nullable: true }) quantity!: number | null;
  @Field(() => ID, { nullable: true }) scenarioId?: string;
  @Field({ nullable: true }) text?: string;
  @Field({ nullable: true }) description?: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A phase of the day, in turn order.' })
export class TwomPhase extends TwomItemFields {
  @Field(() => Int) order!: number;
  @Field({ nullable: true }) subtitle?: string;
  @Field(() => RuleSection) ruleSection!: RuleSection;
  @Field() passesJournal!: boolean;
  @Field(() => [ID]) tableIds!: string[];
  @Field(() => [ID]) testIds!: string[];
}

@ObjectType({ description: 'One value a table row changes; numbers are given as text.' })
export class TwomTableValue {
  @Field() key!: string;
  @Field() value!: string;
}

@ObjectType()
export class TwomTableRow {
  @Field() key!: string;
  @Field(() => String, { nullable: true, description: 'Null where the seed names the row but not its effect.' })
  text!: string | null;
  @Field(() => [TwomTableValue]) values!: TwomTableValue[];
}

@ObjectType({ implements: implementsContentItem, description: 'A lookup that is not rolled.' })
export class TwomTable extends TwomItemFields {
  @Field() text!: string;
  @Field(() => [TwomTableRow]) rows!: TwomTableRow[];
}

@ObjectType({ implements: implementsContentItem, description: 'A roll against a value that changes during play.' })
export class TwomTest extends TwomItemFields {
  @Field(() => Die) die!: Die;
  @Field() target!: string;
  @Field({ nullable: true }) rolls?: string;
  @Field({ nullable: true }) reroll?: string;
  @Field(() => String, { nullable: true }) ifAtMost!: string | null;
  @Field(() => String, { nullable: true }) ifHigher!: string | null;
  @Field() text!: string;
}

@ObjectType({ implements: implementsContentItem, description: 'A side of the double-sided Tactics Map.' })
export class TwomMapSide extends TwomItemFields {
  @Field() side!: string;
  @Field(() => [String]) locationSizes!: string[];
  @Field() text!: string;
}

export const TWOM_KIND_TYPES = [
  TwomCoreSetup,
  TwomCharacter,
  TwomTrack,
  TwomEnvelope,
  TwomLocation,
  TwomComponent,
  TwomPhase,
  TwomTable,
  TwomTest,
  TwomMapSide,
];
