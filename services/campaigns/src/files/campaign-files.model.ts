import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';

@InputType('ImportCampaignInput', { description: 'A campaign file to import into a group as a new campaign, or to look at first with `dryRun`.' })
export class ImportCampaignInput {
  @Field(() => ID, { description: 'A group the caller is in (`myGroups`, `personalGroup`); the new campaign belongs to it. Any other group gives NOT_FOUND on `input.groupId`.' })
  groupId!: string;

  @Field(() => JSONScalar, {
    description:
      'The file as `GET /campaigns/<id>/export` wrote it (any format version this platform reads: 1 and 2), as a JSON value, not a string. ' +
      'Through the gateway a request is at most BODY_LIMIT (100 kB by default): upload a larger file to `POST /campaigns/import?group=<id>&dryRun=true|false` instead, which answers the same (docs/campaign-files.md). ' +
      'A file that is not one, or that disagrees with itself, gives BAD_USER_INPUT on `input.file.<path>` (such as `input.file.actions[17].args`, entry 17 being version 18) with the rule it broke, and stores nothing.',
  })
  file!: unknown;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: 'When true, everything is checked and nothing is stored: the answer says what the import would create.' })
  dryRun?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The new campaign’s name (plain text, 1 to 80 characters); the file’s name when left out.' })
  name?: string | null;
}

@ObjectType('CampaignImportPlayer', { description: 'Someone who acted in the imported campaign, as the file names them.' })
export class CampaignImportPlayer {
  @Field({ description: 'A player id, or a pseudonym (`anon-…`) for a member who had not consented to be named in the export.' })
  player!: string;

  @Field({ description: 'True when `player` is a pseudonym: the history will show that pseudonym, not an account.' })
  pseudonym!: boolean;

  @Field(() => Int, { description: 'How many entries of the history are theirs.' })
  entries!: number;
}

@ObjectType('CampaignImportPack', { description: 'One content pack of the game, as the file was made against it and as this platform has it.' })
export class CampaignImportPack {
  @Field({ description: 'The pack id (`contentVersion.packs[].id`).' })
  packId!: string;

  @Field(() => String, { nullable: true, description: 'Its version when the file was exported; null when the file names no such pack.' })
  fileVersion!: string | null;

  @Field(() => String, { nullable: true, description: 'Its version on this platform; null when this platform has no such pack.' })
  platformVersion!: string | null;
}

@ObjectType('CampaignImportContent', { description: 'How the content the file was made against compares with this platform’s.' })
export class CampaignImportContent {
  @Field({ description: 'The content hash in the file.' })
  fileHash!: string;

  @Field({ description: 'This platform’s content hash (`contentVersion.hash`).' })
  platformHash!: string;

  @Field({ description: 'True when both hashes are equal: the file was made against exactly this content.' })
  same!: boolean;

  @Field(() => [CampaignImportPack], { description: 'Only the packs whose versions differ (or that one side lacks); empty when every pack is at the same version.' })
  changedPacks!: CampaignImportPack[];

  @Field(() => [String], {
    description:
      'Content ids the file’s actions name (scenarios, cards, maps, conditions) that this platform’s packs do not hold. The import keeps them as they are, ' +
      'as a push would; an app reading `contentItem(id)` for one gets null.',
  })
  missingContentIds!: string[];
}

@ObjectType('CampaignImportPreview', { description: 'What an import creates (or, on a dry run, would create).' })
export class CampaignImportPreview {
  @Field(() => ID, { description: 'The game of the campaign.' })
  gameId!: string;

  @Field({ description: 'The name the new campaign gets.' })
  name!: string;

  @Field(() => Int, { description: 'The version the new campaign starts at: one per entry of the file’s history.' })
  version!: number;

  @Field(() => Int, { description: 'Entries that are actions of the game’s catalog.' })
  actions!: number;

  @Field(() => Int, { description: 'Entries that are undos.' })
  undos!: number;

  @Field(() => Int, { description: 'Entries the platform made rather than a device: a legacy envelope opened for the group, a record of a rename, an archive or a transfer.' })
  serverChanges!: number;

  @Field(() => [CampaignImportPlayer], { description: 'Everyone who acted, in the order they first did.' })
  players!: CampaignImportPlayer[];

  @Field(() => Int, { description: 'The file’s format version before it was upgraded to the current one (2).' })
  formatVersion!: number;

  @Field(() => CampaignImportContent, { description: 'The content the file was made against, against this platform’s.' })
  content!: CampaignImportContent;
}

@ObjectType('CampaignImport', { description: 'The answer of `importCampaign`.' })
export class CampaignImport {
  @Field({ description: 'True when nothing was stored (`dryRun`).' })
  dryRun!: boolean;

  @Field(() => ID, { nullable: true, description: 'The new campaign; read it with `campaign(id)`. Null on a dry run.' })
  campaignId!: string | null;

  @Field(() => CampaignImportPreview, { description: 'What the import created, or would create.' })
  preview!: CampaignImportPreview;
}

@ObjectType('CampaignExportConsent', { description: 'Whether a campaign’s exports name the caller by their player id.' })
export class CampaignExportConsent {
  @Field(() => ID, { description: 'The campaign.' })
  campaignId!: string;

  @Field({ description: 'True: exports of this campaign by other members name the caller by their player id. False (the default): by a pseudonym.' })
  consent!: boolean;
}
