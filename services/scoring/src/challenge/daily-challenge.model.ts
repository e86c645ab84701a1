import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';

@ObjectType({ description: 'The Zone Survival setup every player gets for one UTC day; submit results with its `id` as `challengeId` on that day.' })
export class DailyChallenge {
  @Field(() => ID, { description: 'e.g. `stalker-zs:daily:2026-11-30`; pass it as `challengeId` in `submitZoneSurvivalResult`.' })
  id!: string;

  @Field({ description: 'The UTC day, YYYY-MM-DD.' })
  date!: string;

  @Field(() => ID, { description: 'The Scenario to play; a submission must name the same one.' })
  scenarioId!: string;

  @Field(() => ID, { description: 'The Map to play; a submission must name the same one.' })
  mapId!: string;

  @Field(() => Int, { description: 'Stalkers to play with, 1 to 4; a submission must have the same count.' })
  stalkerCount!: number;

  @Field(() => [ID], { description: 'Setup cards the challenge drew that the catalogue holds; a submission lists every one. Slots the table draws itself are in `setup`.' })
  setupCardIds!: string[];

  @Field(() => [ID], {
    nullable: true,
    description: 'The Event deck card by card when the catalogue holds the whole deck; null when Step 7 is left to the table (a submission is then not held to it).',
  })
  eventCardIds!: string[] | null;

  @Field(() => JSONScalar, {
    description: 'The whole setup list as the rules engine\'s `stalker-zs.setup` gives it (the same shape as the rules subgraph\'s `zoneSurvivalSetup` result): Special cards, placements, Setup cards, Enemies, Loot, Event deck, checks and gaps.',
  })
  setup!: unknown;

  @Field(() => [String], { description: 'The engine\'s transcript of the setup, step by step, for players to follow.' })
  transcript!: string[];

  @Field({ description: 'When the day ends (UTC) and the challenge stops taking submissions.' })
  closesAt!: Date;
}
