import { createUnionType, Directive, Field, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from '../../common/content-item.interface';
import { graphqlTypeOfView } from '../../common/graphql-type';
import { Icon } from '../../common/icon.model';
import { ScenarioInterface } from '../../scenarios/scenario.interface';
import { TwomCharacter, TwomTrack } from '../twom/twom-kinds.model';
import { Deck, Die, GameModule, GlossaryEntry, RollTable } from './shared-kinds.model';
import { mapTypes } from '../registry';

export const GameMap = createUnionType({
  name: 'GameMap',
  description: 'A map of any game: a Zone Survival map or a side of the Tactics map. Select fields with `... on ZsMap` and so on.',
  types: () => mapTypes() as never,
  resolveType: graphqlTypeOfView,
});

@ObjectType({ implements: () => [ContentItemInterface], description: 'A game system of the content packs, e.g. `stalker-zs`.' })
@Directive('@key(fields: "id")')
export class Game extends ContentItemInterface {
  @Field({ nullable: true, description: 'The publisher, as the seed names it.' }) publisher?: string;
  @Field({ nullable: true, description: 'The designer, as the seed names them.' }) designer?: string;
  @Field({ nullable: true, description: 'A short description of the game, from the seed.' }) summary?: string;
  @Field(() => [GameModule], { description: 'Boxes and modes of the game (core, expansions, play modes).' }) modules!: unknown[];
  @Field(() => [ScenarioInterface], { description: 'Every scenario of the game, by id.' }) scenarios!: unknown[];
  @Field(() => [Deck], { description: 'Every deck of the game, by id.' }) decks!: unknown[];
  @Field(() => [GameMap], { description: 'Every map of the game, by id.' }) maps!: unknown[];
  @Field(() => [RollTable], { description: 'Tables read against a die roll, by id.' }) rollTables!: unknown[];
  @Field(() => [Die], { description: 'The dice of the game, by id.' }) dice!: unknown[];
  @Field(() => [GlossaryEntry], { description: 'Glossary entries of the game, by id.' }) glossary!: unknown[];
  @Field(() => [TwomCharacter], { description: 'Character cards (This War of Mine); empty for other games.' }) characters!: unknown[];
  @Field(() => [TwomTrack], { description: 'Tracks and level scales (This War of Mine); empty for other games.' }) tracks!: unknown[];
  @Field(() => [Icon], {
    description: 'The icon catalogue: every printed pictogram under its canonical id, with its spellings; empty for a game that prints none.',
  })
  icons!: unknown[];
}
