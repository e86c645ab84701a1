import { Directive, Field, ObjectType } from '@nestjs/graphql';
import { CardInterface } from '../../cards/card.interface';
import { ContentItemInterface } from '../../common/content-item.interface';
import { ExternalRef } from '../../common/provenance.model';
import { ScenarioInterface } from '../../scenarios/scenario.interface';
import { TwomCharacter, TwomComponent, TwomEnvelope, TwomTrack } from './twom-kinds.model';
import { TwomSetup } from './twom-setup.model';

@ObjectType({
  implements: () => [ScenarioInterface, ContentItemInterface],
  description: 'An Incident scenario of Tales from the Ruined City.',
})
@Directive('@key(fields: "id")')
export class TwomScenario extends ScenarioInterface {
  @Field({ description: 'The one-line overview from the Incidents introduction (also served as `summary`).' }) overview!: string;
  @Field({ description: 'The narrative read aloud at the start.' }) narrative!: string;
  @Field(() => TwomSetup, { description: 'The setup as data: steps as printed plus decks, characters, stock and placements.' })
  setup!: TwomSetup;
  @Field(() => String, { nullable: true, description: 'The Objective card; null when the scenario uses none.' })
  objective!: string | null;
  @Field(() => [CardInterface], { description: "The scenario's own cards." }) cards!: unknown[];
  @Field(() => [TwomCharacter], { description: "The scenario's own characters." }) characters!: unknown[];
  @Field(() => [TwomTrack], { description: "The scenario's tracks." }) tracks!: unknown[];
  @Field(() => [TwomComponent], { description: "The scenario's own components." }) components!: unknown[];
  @Field(() => TwomEnvelope, { nullable: true, description: 'The envelope it opens; null while the seed does not say which.' })
  envelope!: unknown;
  @Field(() => [ExternalRef], { description: 'Pointers into books the seeds do not contain.' }) externalRefs!: ExternalRef[];
}
