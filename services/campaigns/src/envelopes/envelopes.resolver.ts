import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '@scriptbook/platform';
import { Player } from '../references/external-entities.model';
import { GroupEnvelope, RecordScenarioOutcomeInput, ScenarioOutcome } from './envelope.model';
import { EnvelopesService } from './envelopes.service';

@Resolver(() => GroupEnvelope)
export class EnvelopesResolver {
  constructor(private readonly envelopes: EnvelopesService) {}

  @Mutation(() => ScenarioOutcome, {
    description:
      'Records the outcome of a scenario in a campaign, as the `record-scenario-outcome` action (it syncs and shows in the history like any other). ' +
      'A win that names an envelope opens it for the whole group, once: every campaign of the group receives it in the background, and ' +
      '`groupEnvelope` tells how far that has got. Members of the campaign’s group only: anyone else gets NOT_FOUND on `input.campaignId`, ' +
      'an anonymous caller UNAUTHENTICATED. Bad input gives BAD_USER_INPUT with the field and rule, and records nothing.',
  })
  recordScenarioOutcome(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'The campaign, the scenario, whether it was won and the envelope its sheet names.' }) input: RecordScenarioOutcomeInput,
  ): Promise<ScenarioOutcome> {
    return this.envelopes.recordOutcome(player, input);
  }

  @Query(() => [GroupEnvelope], {
    nullable: true,
    description:
      'Every legacy envelope of the games that have them, game by game and by letter, and where it stands for the group: CLOSED, OPENING with progress, ' +
      'or OPENED, with when and by which win. ' +
      'Members only: a group the caller is not in gives NOT_FOUND on `groupId`; no token gives UNAUTHENTICATED.',
  })
  groupEnvelopes(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('groupId', { type: () => ID, description: 'The group, e.g. from `myGroups` or `personalGroup`.' }) groupId: string,
  ): Promise<GroupEnvelope[]> {
    return this.envelopes.groupEnvelopes(player, groupId);
  }

  @ResolveField(() => Player, { nullable: true, description: 'The player who recorded the win that opened it; null while CLOSED.' })
  openedBy(@Parent() envelope: GroupEnvelope): Player | null {
    return envelope.openedByPlayerId ? { id: envelope.openedByPlayerId } : null;
  }
}
