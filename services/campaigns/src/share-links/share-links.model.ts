import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { Player } from '../references/external-entities.model';

@InputType({ description: 'The campaign to share read-only, and what to call the link.' })
export class CreateCampaignShareLinkInput {
  @Field(() => ID, { description: 'The campaign; one of a group you are not in, or a deleted one, is NOT_FOUND on `input.campaignId`.' })
  campaignId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'What the members will see the link as in `campaignShareLinks`, e.g. "Kitchen screen": 1 to 80 characters of plain text (rules "min", "max", "plain-text").',
  })
  label?: string | null;
}

@ObjectType({
  description:
    'A read-only share link of one campaign: its token reads and follows that campaign (`campaign`, `campaignChanges`, `campaignAt`, `campaignChanged`) ' +
    'and nothing else. Any member of the group may revoke it; it then stops at once, live streams included.',
})
export class CampaignShareLink {
  @Field(() => ID, { description: 'The link’s id, for `revokeCampaignShareLink`. Not a secret: the token holds it and a secret beside it.' })
  id!: string;

  @Field(() => ID, { description: 'The campaign it shows.' })
  campaignId!: string;

  @Field(() => String, { nullable: true, description: 'What the members call it; null when none was given.' })
  label!: string | null;

  @Field(() => Player, { description: 'The member who made it.' })
  createdBy!: Player;

  @Field({ description: 'When it was made.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was revoked; null while it works.' })
  revokedAt!: Date | null;

  @Field(() => Player, { nullable: true, description: 'The member who revoked it; null while it works.' })
  revokedBy!: Player | null;
}

@ObjectType({ description: 'A share link just made, with its token: shown this once, never again (the server keeps only its hash).' })
export class CreatedCampaignShareLink {
  @Field(() => CampaignShareLink, { description: 'The link, as `campaignShareLinks` will list it.' })
  link!: CampaignShareLink;

  @Field({
    description:
      'The bearer token of the link (`share-link.<id>.<secret>`): send it as `Authorization: Bearer <token>` (or in graphql-ws’ connection_init) to read and ' +
      'follow the campaign, or open `/play/?campaign=<campaignId>&share=<token>` for the table screen’s spectator view. Treat it as a password: whoever holds it sees the campaign.',
  })
  token!: string;
}
