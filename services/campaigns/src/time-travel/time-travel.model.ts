import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';

@ObjectType('CampaignAtVersion', {
  description:
    'A campaign’s state as it stood at one of its versions (time travel): read only, computed from the nearest stored state (a snapshot, or the ' +
    'current state) through the logged changes between. Its typed state fields are those of `Campaign`, in the same types, so the code that draws the ' +
    'present draws the past. Show it beside the history; `revertCampaignTo` makes it the current state again.',
})
export class CampaignAtVersion {
  @Field(() => ID, { description: 'The campaign.' })
  campaignId!: string;

  @Field(() => ID, { description: 'The campaign’s game (`Game.id`): the one typed state field of that game (e.g. the one `Campaign` has for it) is set, every other is null.' })
  gameId!: string;

  @Field(() => Int, { description: 'The version this state is at: the state after the change of that version was applied (0: before any change).' })
  version!: number;

  @Field(() => Int, { description: 'The campaign’s current version when this was read; `version` equals it for the current state.' })
  currentVersion!: number;

  @Field(() => JSONScalar, {
    description:
      'The state at `version` as plain JSON, records as objects: the same shape as `Campaign.stateJson`, so the same code draws it. Applying the deltas of ' +
      '`campaignChanges(sinceVersion: version)` to it gives the current state.',
  })
  stateJson!: unknown;

  @Field(() => Int, {
    description: 'The version of the stored state the server started from: a snapshot’s, or the current version. Shown for the curious; nothing depends on it.',
  })
  replayedFromVersion!: number;

  @Field(() => Int, {
    description:
      'How many logged changes the server applied (or took back) to get here: at most the snapshot interval (100 by default) when every snapshot is stored; see docs/sync.md#time-travel.',
  })
  replayedChanges!: number;
}
