import { Directive, Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';
import { z } from 'zod';

@ObjectType({ description: "A group's playthrough of one game, synced across its devices." })
@Directive('@key(fields: "id")')
export class Campaign {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => ID, { description: 'The game id; `game` resolves it through the content subgraph.' })
  gameId!: string;

  ownerId!: string;

  @Field(() => Int, { description: 'Raised by every accepted change.' })
  version!: number;

  @Field()
  createdAt!: Date;
}

export const CampaignConnection = Connection(Campaign, 'Campaign');

@InputType()
export class CreateCampaignInput {
  @Field({ description: 'A game id from `games`, e.g. `twom`.' })
  gameId!: string;

  @Field({ description: '1 to 80 characters.' })
  name!: string;
}

export const createCampaignSchema = z.object({
  gameId: z.string().trim().min(1, 'must not be empty').max(64),
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
});
