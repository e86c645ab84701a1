import { Directive, Field, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ExternalRef } from '../common/provenance.model';
import { TwomCharacter, TwomComponent, TwomEnvelope, TwomTrack } from '../items/twom-kinds.model';
import { CardInterface } from '../cards/card.interface';
import { ScenarioInterface } from './scenario.interface';
import { TwomSetup } from './twom-setup.model';

@ObjectType({
  implements: () => [ScenarioInterface, ContentItemInterface],
  description: 'An Incident scenario of Tales from the Ruined City.',
})
@Directive('@key(fields: "id")')
export class TwomScenario extends ScenarioInterface {
  @Field() overview!: string;
  @Field() narrative!: string;
  @Field(() => TwomSetup) setup!: TwomSetup;
  @Field(() => String, { nullable: true, description: 'Null when the scenario uses no Objective card.' })
  objective!: string | null;
  @Field(() => [CardInterface]) cards!: unknown[];
  @Field(() => [TwomCharacter]) characters!: unknown[];
  @Field(() => [TwomTrack]) tracks!: unknown[];
  @Field(() => [TwomComponent]) components!: unknown[];
  @Field(() => TwomEnvelope, { nullable: true, description: 'Null while the seed does not say which envelope it opens.' })
  envelope!: unknown;
  @Field(() => [ExternalRef]) externalRefs!: ExternalRef[];
}
