import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { ContentLibrary, requireGameId } from '@scriptbook/content';
import { AuthenticatedPlayer, BadUserInputError, ConnectionShape, CurrentPlayer, PageArgs } from '@scriptbook/platform';
import { zodToJsonSchema } from '@scriptbook/platform/graphql/zod';
import { gameSystemOf } from '../state/game-systems';
import { CampaignActionInfo, CampaignChange, CampaignChangeConnection, CampaignChanges, PushCampaignActionsInput, PushResult } from './sync.model';
import { MAX_CHANGES_PER_PULL, SyncService } from './sync.service';

@Resolver()
export class SyncResolver {
  constructor(
    private readonly sync: SyncService,
    private readonly content: ContentLibrary,
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
    description: 'The changes after a version, oldest first, the current version and every device’s last handled seq: how a device catches up.',
  })
  campaignChanges(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('campaignId', { type: () => ID, description: 'The campaign.' }) campaignId: string,
    @Args('sinceVersion', { type: () => Int, description: 'The last version the device has; 0 for everything.' }) sinceVersion: number,
    @Args('first', { type: () => Int, nullable: true, description: `At most this many changes, 1 to ${MAX_CHANGES_PER_PULL} (the default).` }) first?: number | null,
  ): Promise<CampaignChanges> {
    return this.sync.changes(player, campaignId, sinceVersion, first);
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
      'change touched the same values (rule "later-dependent"), when it was already undone ("already-undone") or is itself an undo ("is-undo").',
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
  campaignActions(@Args('gameId', { type: () => ID, description: 'A game id, e.g. `twom`.' }) gameId: string): CampaignActionInfo[] {
    requireGameId(this.content, gameId, 'gameId');
    const system = gameSystemOf(gameId);
    if (!system) throw new BadUserInputError('gameId', 'campaign-game', `${gameId} has no campaign state`);
    return system.actions.map((action) => ({
      name: action.name,
      description: action.description,
      argsSchema: zodToJsonSchema(action.args, action.name),
      example: action.example,
      exampleAfter: [...(action.exampleAfter ?? [])],
    }));
  }
}
