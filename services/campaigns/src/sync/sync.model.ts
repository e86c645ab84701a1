import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';

@InputType('CampaignActionInput', { description: 'One action from a device’s queue.' })
export class PushedActionInput {
  @Field(() => Int, {
    description: 'The device’s own counter: 1 for its first action on this campaign, then one more for each. A push lists consecutive seqs.',
  })
  seq!: number;

  @Field({ description: 'An action name from `campaignActions(gameId)` for the campaign’s game.' })
  name!: string;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'The action’s arguments, matching its `argsSchema` in `campaignActions`; at most 8192 bytes as JSON (rule "args-size"). Omitted means `{}`.',
  })
  args?: unknown;
}

@InputType({ description: 'A batch of a device’s queued actions for one campaign.' })
export class PushCampaignActionsInput {
  @Field(() => ID, { description: 'The campaign; one the caller’s groups do not own gives NOT_FOUND.' })
  campaignId!: string;

  @Field({
    description:
      'The device’s id for this campaign, chosen once and kept: 8 to 64 letters, digits, "-" or "_" (rule "client-id-format"). Two devices never share one.',
  })
  clientId!: string;

  @Field(() => [PushedActionInput], {
    description:
      '1 to 100 actions (rules "batch-empty", "batch-size") with consecutive seqs, oldest first. Actions the server already handled are skipped; ' +
      'the first new one must follow the last handled seq, or the push is refused (rule "sequence-gap" on `input.actions[i].seq`) and nothing is applied.',
  })
  actions!: PushedActionInput[];
}

@ObjectType('RejectedCampaignAction', { description: 'An action the server handled but did not apply. Its seq still counts as handled: drop it from the queue and tell the player why.' })
export class RejectedAction {
  @Field(() => Int, { description: 'The seq of the rejected action.' })
  seq!: number;

  @Field({ description: '`BAD_USER_INPUT` (args do not fit the action), `NOT_FOUND` (it names something the campaign lacks) or `CONFLICT` (the state no longer allows it).' })
  code!: string;

  @Field({
    description:
      'A short stable name of the rule: for args that do not fit, the check they failed (`required`, `type`, `range`, `one-of`, `unknown-field`, `plain-text`, ' +
      '`reserved-key`, `content-id`, ...); otherwise `unknown-action`, `storage-below-zero`, `state-rule`, `deck-empty`, ... (docs/sync.md lists them).',
  })
  rule!: string;

  @Field({ description: 'Where the problem is: `args.<field>`, `name`, or `state.<path>` for a state rule the result would break.' })
  field!: string;

  @Field({ description: 'Why, in words a player reads.' })
  reason!: string;
}

@ObjectType('CampaignPushResult', { description: 'What a push did.' })
export class PushResult {
  @Field(() => Int, { description: 'The campaign version after the push; pull `campaignChanges` from your last known version to catch up.' })
  version!: number;

  @Field(() => Int, { description: 'The last seq of this client the server has handled (applied or rejected); drop every queued action up to it.' })
  lastSeq!: number;

  @Field(() => [RejectedAction], { description: 'Actions of this push that were handled but not applied, in seq order.' })
  rejected!: RejectedAction[];
}

@ObjectType('CampaignStateChange', { description: 'One value the change set or added to.' })
export class StateChangeModel {
  @Field({ description: '`add` (the number at `path` moves by `by`), `set` (the value at `path` becomes `to`) or `remove` (the entry at `path` is deleted).' })
  op!: string;

  @Field(() => [String], { description: 'Where in the state, e.g. `["storage", "Water"]`.' })
  path!: string[];

  @Field(() => Int, { nullable: true, description: 'For `add`: how much was added (negative to take away).' })
  by?: number | null;

  @Field(() => JSONScalar, { nullable: true, description: 'For `set` and `remove`: the value before; null for a `set` that created the entry.' })
  from?: unknown;

  @Field(() => JSONScalar, { nullable: true, description: 'For `set`: the value after.' })
  to?: unknown;
}

@ObjectType({ description: 'An applied action or undo, with who made it and where from.' })
export class CampaignChange {
  @Field(() => Int, { description: 'The campaign version this change produced; changes of a campaign are numbered without gaps.' })
  version!: number;

  @Field({ description: 'The action name; `undo` for an undo’s compensating change, `revert` for `revertCampaignTo`’s (args `{ toVersion }`), or a change the server makes (`open-envelope`, a lifecycle change).' })
  name!: string;

  @Field(() => JSONScalar, { description: 'The action’s arguments as sent (for `undo`: `{ actionVersion }`).' })
  args!: unknown;

  @Field(() => [StateChangeModel], { description: 'What the change did to the state, in order; apply it to the previous state to get the next.' })
  delta!: StateChangeModel[];

  @Field(() => String, { nullable: true, description: 'The device that pushed it; null for an undo, a revert and a change the server makes.' })
  clientId!: string | null;

  @Field(() => Int, { nullable: true, description: 'Its seq on that device; null for an undo, a revert and a change the server makes.' })
  seq!: number | null;

  @Field(() => ID, { description: 'The player who made it.' })
  playerId!: string;

  @Field({ description: 'When the server applied it.' })
  appliedAt!: Date;

  @Field(() => Int, { nullable: true, description: 'For an undo: the version it took back.' })
  undoesVersion!: number | null;

  @Field(() => Int, { nullable: true, description: 'The version of the undo or revert that took this change back; null while it stands.' })
  undoneByVersion!: number | null;
}

@ObjectType('CampaignClientProgress', { description: 'How far the server has handled one device’s queue.' })
export class ClientProgress {
  @Field({ description: 'The device’s clientId.' })
  clientId!: string;

  @Field(() => Int, { description: 'Its last handled seq.' })
  lastSeq!: number;
}

@ObjectType('CampaignClientRejection', {
  description:
    'An action of one of your devices that a push handled without applying, kept by the server so a device that lost the push’s answer still learns why. ' +
    'Its seq counts as handled: drop the action from the queue and show the player `reason`. Kept 30 days, and at most the newest 100 per device.',
})
export class ClientRejection {
  @Field({ description: 'The device that pushed the action.' })
  clientId!: string;

  @Field(() => Int, { description: 'The action’s seq on that device.' })
  seq!: number;

  @Field({ description: 'The action’s name as the device sent it (an unknown name is rejected with rule `unknown-action`).' })
  name!: string;

  @Field({ description: '`BAD_USER_INPUT` (args do not fit the action), `NOT_FOUND` (it names something the campaign lacks) or `CONFLICT` (the state no longer allows it).' })
  code!: string;

  @Field({ description: 'A short stable name of the rule it broke, as in `pushCampaignActions`’ `rejected` (docs/sync.md lists them).' })
  rule!: string;

  @Field({ description: 'Where the problem is: `args.<field>`, `name`, or `state.<path>` for a state rule the result would break.' })
  field!: string;

  @Field({ description: 'Why, in words a player reads.' })
  reason!: string;

  @Field({ description: 'When the server handled the push that rejected it.' })
  rejectedAt!: Date;
}

@ObjectType({ description: 'Everything a device needs to catch up and rebase its pending actions.' })
export class CampaignChanges {
  @Field(() => [CampaignChange], { description: 'Changes after `sinceVersion`, oldest first, at most `first`.' })
  changes!: CampaignChange[];

  @Field(() => Int, { description: 'The campaign’s current version.' })
  version!: number;

  @Field({ description: 'True when more changes follow the last one returned: ask again with `after: endCursor` (or `sinceVersion` the last change’s version).' })
  hasMore!: boolean;

  @Field({
    description:
      'An opaque cursor after the last change returned (where the page began when it returned none). Pass it as `after` for the next page, or later to poll from here; ' +
      'it holds for this campaign only.',
  })
  endCursor!: string;

  @Field(() => [ClientRejection], {
    description:
      'The actions of the devices named in `rejectionsFor` that you pushed and the server handled without applying, by device and seq; empty when `rejectionsFor` ' +
      'is not given. The same list comes with every page of a pull: match it against your queue and ignore seqs you no longer hold.',
  })
  rejected!: ClientRejection[];

  @Field(() => [ClientProgress], { description: 'Every device that has pushed to this campaign and its last handled seq.' })
  clients!: ClientProgress[];
}

export const CampaignChangeConnection = Connection(CampaignChange, 'CampaignChange');

@ObjectType('CampaignActionDescription', { description: 'One action of a game’s catalog.' })
export class CampaignActionInfo {
  @Field({ description: 'The name to push as the action’s `name`.' })
  name!: string;

  @Field({ description: 'What it does and when the server refuses it.' })
  description!: string;

  @Field(() => JSONScalar, { description: 'JSON Schema of its `args`, derived from the same schema the server checks them with.' })
  argsSchema!: unknown;

  @Field(() => JSONScalar, { description: 'Example args, valid on a new campaign once the examples of `exampleAfter` are applied.' })
  example!: unknown;

  @Field(() => [String], { description: 'Actions whose examples must be applied first for `example` to be valid (a Character to adjust, say); often empty.' })
  exampleAfter!: string[];
}
