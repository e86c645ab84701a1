import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BackgroundJobReference } from '@scriptbook/platform/jobs';
import { plainText } from '@scriptbook/platform';
import { z } from 'zod';
import { SYNC_LIMITS } from '../sync/push-batch';

export enum EnvelopeNamedBy {
  PACK = 'PACK',
  SCENARIO_SHEET = 'SCENARIO_SHEET',
}

registerEnumType(EnvelopeNamedBy, {
  name: 'EnvelopeNamedBy',
  description: 'Who said which envelope a scenario opens.',
  valuesMap: {
    PACK: { description: 'The content pack: the scenario’s `envelope` in the content subgraph names it (where the rulebook says which).' },
    SCENARIO_SHEET: { description: 'The players, reading it off their scenario sheet, sent it as `envelope`.' },
  },
});

export enum GroupEnvelopeState {
  CLOSED = 'CLOSED',
  OPENING = 'OPENING',
  OPENED = 'OPENED',
}

registerEnumType(GroupEnvelopeState, {
  name: 'GroupEnvelopeState',
  description: 'Where a legacy envelope stands for a play group.',
  valuesMap: {
    CLOSED: { description: 'No win has opened it yet: keep it closed.' },
    OPENING: { description: 'A win opened it; the unlock job is adding it to the group’s campaigns (see `progress`).' },
    OPENED: { description: 'Every campaign of the group holds it, and new ones start with it.' },
  },
});

@InputType({ description: 'The outcome of a scenario a group played in one of its campaigns.' })
export class RecordScenarioOutcomeInput {
  @Field(() => ID, { description: 'The campaign it was played in; one the caller’s groups do not own gives NOT_FOUND.' })
  campaignId!: string;

  @Field(() => ID, {
    description: 'The scenario’s content id, as the content subgraph’s `scenarios` of the campaign’s game give it; one that is not a scenario of that game gives BAD_USER_INPUT (rule "known-scenario").',
  })
  scenarioId!: string;

  @Field({ description: 'Whether the group won it. Only a win opens an envelope.' })
  won!: boolean;

  @Field(() => ID, {
    nullable: true,
    description:
      'The envelope the scenario sheet names, as a content id (`envelopeId` of `groupEnvelopes`): where the content pack does not say which envelope a ' +
      'scenario opens, the players read it off their sheet. Refused (BAD_USER_INPUT on `input.envelope`) when it is not an envelope ' +
      '(rule "known-envelope"), the campaign is not of the envelope’s game ("envelope-game"), the scenario is not of the envelope’s module ' +
      '("envelope-scenario"), or the pack names a different one ("pack-envelope").',
  })
  envelope?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The device’s clientId, as for `pushCampaignActions`; with `seq`, the outcome is that device’s queued action and a retried request records it once. ' +
      'Without them the server records it under a client id of its own, and a retried request records the outcome again (the envelope still opens once).',
  })
  clientId?: string | null;

  @Field(() => Int, { nullable: true, description: 'The device’s next seq for this campaign, given together with `clientId`.' })
  seq?: number | null;
}

// The device's clientId and seq follow the push's own limits, under the names this mutation's input gives them.
export const recordScenarioOutcomeSchema = z
  .object({
    campaignId: z.string().min(1).max(64),
    scenarioId: plainText({ maxLength: 80 }),
    won: z.boolean(),
    envelope: plainText({ maxLength: 80 }).nullish(),
    clientId: z
      .string()
      .refine((id) => SYNC_LIMITS.clientIdPattern.test(id), { message: 'clientId must be 8 to 64 letters, digits, "-" or "_"', params: { rule: 'client-id-format' } })
      .nullish(),
    seq: z
      .number()
      .refine((seq) => Number.isInteger(seq) && seq >= 1 && seq <= SYNC_LIMITS.maxSeq, {
        message: `seq must be a whole number from 1 to ${SYNC_LIMITS.maxSeq}`,
        params: { rule: 'seq-range' },
      })
      .nullish(),
  })
  .refine((input) => (input.clientId == null) === (input.seq == null), { path: ['seq'], message: 'clientId and seq go together: send both or neither', params: { rule: 'client-id-with-seq' } });

@ObjectType({ description: 'How far the unlock job has brought the group’s campaigns.' })
export class EnvelopeProgress {
  @Field(() => Int, { description: 'Campaigns gone through so far (updated, or found already holding the envelope).' })
  campaignsDone!: number;

  @Field(() => Int, { description: 'Campaigns of the group’s game the job counted when it started; it grows if campaigns are created meanwhile.' })
  campaignsTotal!: number;

  @Field(() => Int, { description: '0 to 100; 100 only once the envelope is OPENED.' })
  percent!: number;
}

@ObjectType({ description: 'A gap the rulebooks leave in what is known about an envelope.' })
export class EnvelopeContentGap {
  @Field({ description: 'What is unknown: `contents` (what is inside) or `scenarioId` (which scenario opens it).' })
  field!: string;

  @Field({ description: 'Why, in the words of the content pack.' })
  note!: string;
}

@ObjectType({ description: 'One legacy envelope of a game (sealed content a won scenario opens for good) and where it stands for a play group.' })
export class GroupEnvelope {
  @Field(() => ID, { description: 'The envelope’s content id; `contentItem(id)` gives what the rulebook says about it.' })
  envelopeId!: string;

  @Field({ description: 'The letter printed on it, which the list is ordered by.' })
  letter!: string;

  @Field({ description: 'Its name, e.g. "Envelope A".' })
  name!: string;

  @Field(() => GroupEnvelopeState, { description: 'CLOSED, OPENING or OPENED.' })
  state!: GroupEnvelopeState;

  @Field(() => EnvelopeProgress, { nullable: true, description: 'How far the unlock job has got; null while CLOSED.' })
  progress!: EnvelopeProgress | null;

  @Field(() => Date, { nullable: true, description: 'When the win that opened it was recorded; null while CLOSED.' })
  openedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the last campaign of the group received it; null until OPENED.' })
  completedAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The content id of the scenario whose win opened it; null while CLOSED.' })
  openedByScenarioId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The campaign the win was recorded in; null while CLOSED.' })
  openedInCampaignId!: string | null;

  openedByPlayerId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The unlock job’s id, the same for every win of this envelope in this group; null while CLOSED.' })
  unlockJobId!: string | null;

  @Field(() => BackgroundJobReference, {
    nullable: true,
    description:
      'The unlock job, to follow with `job(id)` (its state and progress, for members of the group); null while CLOSED. BullMQ keeps a finished job a day: ' +
      'after that `job` no longer finds it, and `state` and `progress` here remain the record.',
  })
  unlockJob!: BackgroundJobReference | null;

  @Field(() => [EnvelopeContentGap], {
    description: 'What the rulebooks do not say about the envelope. Where its contents are unknown, no component joins any deck when it opens.',
  })
  contentGaps!: EnvelopeContentGap[];
}

@ObjectType({ description: 'What recording a scenario outcome did.' })
export class ScenarioOutcome {
  @Field(() => ID, { description: 'The campaign it was recorded in.' })
  campaignId!: string;

  @Field(() => Int, { description: 'The campaign’s version after recording it (the `record-scenario-outcome` change); pull `campaignChanges` to catch up.' })
  version!: number;

  @Field(() => ID, { description: 'The scenario.' })
  scenarioId!: string;

  @Field({ description: 'Whether it was won.' })
  won!: boolean;

  @Field(() => ID, { nullable: true, description: 'The envelope the scenario names (by the pack or the sheet); null when none is named.' })
  envelopeId!: string | null;

  @Field(() => EnvelopeNamedBy, { nullable: true, description: 'Who named the envelope; null when none is named.' })
  envelopeNamedBy!: EnvelopeNamedBy | null;

  @Field({ description: 'True when this outcome opens the envelope for the group (a win naming one); false for a defeat or when no envelope is named.' })
  opensEnvelope!: boolean;

  @Field({ description: 'Why the envelope does or does not open, in words a player reads.' })
  envelopeNote!: string;

  @Field(() => GroupEnvelope, {
    nullable: true,
    description: 'The group’s envelope when this outcome opens one: OPENING with its progress, or OPENED when an earlier win already opened it. Null otherwise.',
  })
  groupEnvelope!: GroupEnvelope | null;

  @Field(() => BackgroundJobReference, {
    nullable: true,
    description: 'The unlock job when this outcome opens an envelope (the same job for every win of it in the group): follow it with `job(id)`. Null otherwise.',
  })
  unlockJob!: BackgroundJobReference | null;
}
