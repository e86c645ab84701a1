import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { Connection, plainText } from '@scriptbook/platform';
import { z } from 'zod';
import { Player } from '../references/external-entities.model';

@InputType({ description: 'A campaign and the name it is to have.' })
export class RenameCampaignInput {
  @Field(() => ID, { description: 'The campaign; one of a group you are not in, or a deleted one, is NOT_FOUND on `input.campaignId`.' })
  campaignId!: string;

  @Field({
    description:
      'The new name: 1 to 80 characters after trimming (BAD_USER_INPUT on `input.name`, rule "min" or "max"), plain text without control or invisible formatting ' +
      'characters (rule "plain-text"). The same name as now changes nothing and records nothing.',
  })
  name!: string;
}

@InputType({ description: 'A campaign and the group it is to belong to.' })
export class TransferCampaignInput {
  @Field(() => ID, { description: 'The campaign, of a group you are in; otherwise NOT_FOUND on `input.campaignId`.' })
  campaignId!: string;

  @Field(() => ID, {
    description:
      'The group to move it to, one you are in too (`myGroups`); another is NOT_FOUND on `input.groupId`, the group it is already in BAD_USER_INPUT, rule "same-group".',
  })
  groupId!: string;
}

@ObjectType({ description: 'A campaign deleted within the retention period: it answers NOT_FOUND to everything but `restoreCampaign` until it is purged.' })
export class DeletedCampaign {
  @Field(() => ID, { description: 'The campaign id, to pass to `restoreCampaign`.' })
  id!: string;

  @Field({ description: 'Its name when it was deleted.' })
  name!: string;

  @Field(() => ID, { description: 'Its game id.' })
  gameId!: string;

  @Field(() => ID, { description: 'The group it belongs to; its members may restore it.' })
  groupId!: string;

  @Field({ description: 'When it was deleted.' })
  deletedAt!: Date;

  @Field(() => Player, { description: 'The member who deleted it.' })
  deletedBy!: Player;

  @Field({
    description:
      'Until when `restoreCampaign` brings it back (deletedAt plus the days the platform keeps deleted campaigns, 30 by default). The campaigns worker purges it ' +
      'within the hour after: every row and key of it is removed for good.',
  })
  restorableUntil!: Date;

  @Field({ description: 'Whether it was archived when deleted; a restored campaign is archived again if so.' })
  archived!: boolean;
}

export const DeletedCampaignConnection = Connection(DeletedCampaign, 'DeletedCampaign');

export const renameSchema = z.object({ campaignId: z.string().min(1).max(64), name: plainText({ maxLength: 80 }) });
export const transferSchema = z.object({ campaignId: z.string().min(1).max(64), groupId: z.string().min(1).max(80) });
