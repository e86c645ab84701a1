import { createUnionType, Directive, Field, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../common/content-item.interface';
import { ScenarioInterface } from '../scenarios/scenario.interface';
import { Deck, Die, GameModule, GlossaryEntry, RollTable } from '../items/shared-kinds.model';
import { TwomCharacter, TwomMapSide, TwomTrack } from '../items/twom-kinds.model';
import { ZsMap } from '../items/zs-kinds.model';
import { graphqlTypeOf } from '../items/kind-types';

export const GameMap = createUnionType({
  name: 'GameMap',
  description: 'A map of any game: a Zone Survival map or a side of the Tactics map.',
  types: () => [ZsMap, TwomMapSide] as const,
  resolveType: (item: { kind: string }) => graphqlTypeOf(item.kind),
});

@ObjectType({ implements: () => [ContentItemInterface], description: 'A game system of the content packs, e.g. `stalker-zs`.' })
@Directive('@key(fields: "id")')
export class Game extends ContentItemInterface {
  @Field({ nullable: true }) publisher?: string;
  @Field({ nullable: true }) designer?: string;
  @Field({ nullable: true }) summary?: string;
  @Field(() => [GameModule]) modules!: unknown[];
  @Field(() => [ScenarioInterface]) scenarios!: unknown[];
  @Field(() => [Deck]) decks!: unknown[];
  @Field(() => [GameMap]) maps!: unknown[];
  @Field(() => [RollTable]) rollTables!: unknown[];
  @Field(() => [Die]) dice!: unknown[];
  @Field(() => [GlossaryEntry]) glossary!: unknown[];
  @Field(() => [TwomCharacter]) characters!: unknown[];
  @Field(() => [TwomTrack]) tracks!: unknown[];
}
