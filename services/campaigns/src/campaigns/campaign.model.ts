import { Directive, Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Connection, plainText } from '@scriptbook/platform';
import { z } from 'zod';

@ObjectType({ description: "A group's playthrough of one game, synced across its devices. Only its owner can see it." })
@Directive('@key(fields: "id")')
export class Campaign {
  @Field(() => ID, { description: 'Stable and opaque; campaigns created later have ids that sort later.' })
  id!: string;

  @Field({ description: 'The name the owner gave it, trimmed; plain text without control or invisible formatting characters.' })
  name!: string;

  @Field(() => ID, { description: 'The game id; `game` resolves it through the content subgraph.' })
  gameId!: string;

  ownerId!: string;

  @Field(() => Int, { description: 'Raised by every accepted change; 0 for a new campaign.' })
  version!: number;

  @Field({ description: 'When the campaign was created.' })
  createdAt!: Date;
}

export const CampaignConnection = Connection(Campaign, 'Campaign');

@InputType({ description: 'What starting a campaign needs.' })
export class CreateCampaignInput {
  @Field({ description: 'A game id from `games`, e.g. `twom`; an unknown one gives BAD_USER_INPUT (rule "known-game").' })
  gameId!: string;

  @Field({
    description:
      '1 to 80 characters after trimming. Letters of any script, accents and emoji are fine; control and invisible ' +
      'formatting characters (NUL, bidirectional overrides, ...) give BAD_USER_INPUT with rule "plain-text".',
  })
  name!: string;
}

export const createCampaignSchema = z.object({
  gameId: z.string().trim().min(1, 'must not be empty').max(64),
  name: plainText({ maxLength: 80 }),
});
