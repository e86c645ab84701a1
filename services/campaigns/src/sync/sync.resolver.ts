import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import { AuthenticatedPlayer, ConnectionShape, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import { zodToJsonSchema } from '@scriptbook/platform/graphql/zod';
import { CampaignModels } from '../campaigns/campaign-models';
import { CampaignActionInfo, CampaignChange, CampaignChangeConnection, CampaignChanges, PushCampaignActionsInput, PushResult } from './sync.model';
import { MAX_REJECTION_CLIENTS } from './rejection-retention';
import { MAX_CHANGES_PER_PULL, SyncService } from './sync.service';

@Resolver()
export class SyncResolver {
  constructor(
    private readonly sync: SyncService,
    private readonly content: ContentLibrary,
    private readonly models: CampaignModels,
  ) {}

  @Mutation(() => PushResult, {
    description:
      'Sends a device’s queued actions. The server applies them in order in one transaction with the new version and the device’s last seq; ' +
      'actions it handled before are skipped, so a retried push applies nothing twice. See docs/sync.md. Needs a token; a campaign of a group ' +
      'the caller is not in gives NOT_FOUND on `input.campaignId`.',
  })
  pushCampaignActions(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'The campaign, the device and its actions.' }) input: PushCampaignActionsInput,
  ): Promise<PushResult> {
    return this.sync.push(player, input.campaignId, input.clientId, input.actions);
  }

  @Query(() => CampaignChanges, {
    nullable: true,
    description:
      'The changes after a version, oldest first, the current version, every device’s last handled seq and the rejections of the devices you name: how a device catches up. ' +
      'Start from `sinceVersion` or from a cursor `after` that a page gave (`endCursor`), not both (BAD_USER_INPUT on `after`, rule "one-of"); neither is BAD_USER_INPUT ' +
      'on `sinceVersion`, rule "required". A start beyond the campaign’s version is refused with CONFLICT (field `sinceVersion` or `after`, rule "ahead-of-campaign", ' +
      'the campaign’s version in the message): the device’s copy is not one the server holds, so it reads `campaign(id)` again and pulls from there. ' +
      'A share link’s token of this campaign may pull too (its `rejected` is always empty).',
  })
  campaignChanges(
    @CurrentPlayer({ shareLink: true }) player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args('sinceVersion', {
      type: () => Int,
      nullable: true,
      description: 'The last version the device has, 0 to the campaign’s `version`; 0 for everything. Beyond it: CONFLICT, rule "ahead-of-campaign". Leave it out when giving `after`.',
    })
    sinceVersion?: number | null,
    @Args('first', { type: () => Int, nullable: true, description: `At most this many changes, 1 to ${MAX_CHANGES_PER_PULL} (the default).` }) first?: number | null,
    @Args('after', {
      type: () => String,
      nullable: true,
      description:
        'An `endCursor` a page of this campaign gave: the page starts after it. Opaque; one that is not such a cursor, or is another campaign’s, is BAD_USER_INPUT on ' +
        '`after`, rule "cursor". Leave out `sinceVersion` when giving it.',
    })
    after?: string | null,
    @Args('rejectionsFor', {
      type: () => [String],
      nullable: true,
      description:
        `The clientIds of your devices whose rejected actions to return in \`rejected\`: at most ${MAX_REJECTION_CLIENTS} (rule "range"), each 8 to 64 letters, digits, "-" or "_" ` +
        '(rule "client-id-format" on `rejectionsFor[i]`). Only actions you pushed are returned; another member’s device gives nothing. Usually the one device pulling.',
    })
    rejectionsFor?: string[] | null,
  ): Promise<CampaignChanges> {
    return this.sync.changes(player, campaignId, { sinceVersion, after, first, rejectionsFor });
  }

  @Query(() => CampaignChangeConnection, { nullable: true, description: 'Every applied action and undo of a campaign, newest first, with who made it, when and from which device.' })
  campaignHistory(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args() page: PageArgs,
  ): Promise<ConnectionShape<CampaignChange>> {
    return this.sync.history(player, campaignId, page.first, page.after);
  }

  @Mutation(() => CampaignChange, {
    description:
      'Takes an applied action back with a compensating change, recorded in the history as `undo`. Refused with CONFLICT on `actionVersion` when a later ' +
      'change touched the same values (rule "later-dependent"), when it was already undone ("already-undone"), is itself an undo ("is-undo"), or is a change ' +
      'its game never takes back, such as the opening of a legacy envelope (the rule the game gives, "legacy").',
  })
  undoCampaignAction(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args('actionVersion', { type: () => Int, description: 'The `version` of the change to take back, from the history or the changes.' }) actionVersion: number,
  ): Promise<CampaignChange> {
    return this.sync.undo(player, campaignId, actionVersion);
  }

  @Query(() => [CampaignActionInfo], {
    nullable: true,
    description: 'The actions a campaign of a game accepts, with the JSON Schema of their args and an example. Public: it holds no player data.',
  })
  campaignActions(
    @Args('gameId', { type: () => ID, description: 'A game id from `games` whose campaigns the platform keeps; another gives BAD_USER_INPUT (rule "known-game" or "campaign-game").' })
    gameId: string,
  ): CampaignActionInfo[] {
    requireGameId(this.content, gameId, 'gameId');
    return this.models.require(gameId, 'gameId').actions.map((action) => ({
      name: action.name,
      description: action.description,
      argsSchema: zodToJsonSchema(action.args, action.name),
      example: action.example,
      exampleAfter: [...(action.exampleAfter ?? [])],
    }));
  }
}
