import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { BackgroundJobReference } from '@scriptbook/platform/jobs';
import { z } from 'zod';

export enum EnvelopeNamedBy {
  PACK = 'PACK',
  SCENARIO_SHEET = 'SCENARIO_SHEET',
}

registerEnumType(EnvelopeNamedBy, {
  name: 'EnvelopeNamedBy',
  description: 'Who said which envelope a scenario opens.',
  valuesMap: {
    PACK: { description: 'The content pack: the scenario’s `envelope` in the content subgraph names it. No Tales scenario does yet (seed 000 does not say).' },
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
    description: 'The scenario’s content id, e.g. `twom:scenario:epidemic`; one that is not a scenario of the campaign’s game gives BAD_USER_INPUT (rule "known-scenario").',
  })
  scenarioId!: string;

  @Field({ description: 'Whether the group won it. Only a win opens an envelope.' })
  won!: boolean;

  @Field(() => ID, {
    nullable: true,
    description:
      'The envelope the scenario sheet names, as a content id (`twom:envelope:a` to `twom:envelope:e`): the content packs do not say which envelope a ' +
      'Tales scenario opens, so the players read it off their sheet. Refused (BAD_USER_INPUT on `input.envelope`) when it is not an envelope ' +
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

export const recordScenarioOutcomeSchema = z
  .object({
    campaignId: z.string().min(1).max(64),
    scenarioId: z.string().trim().min(1).max(80),
    won: z.boolean(),
    envelope: z.string().trim().min(1).max(80).nullish(),
    clientId: z.string().nullish(),
    seq: z.number().int().nullish(),
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

@ObjectType({ description: 'A gap the seeds leave in what is known about an envelope.' })
export class EnvelopeContentGap {
  @Field({ description: 'What is unknown: `contents` (what is inside) or `scenarioId` (which scenario opens it).' })
  field!: string;

  @Field({ description: 'Why, in the words of the content pack.' })
  note!: string;
}

@ObjectType({ description: 'One legacy envelope of Tales from the Ruined City (A to E) and where it stands for a play group.' })
export class GroupEnvelope {
  @Field(() => ID, { description: 'The envelope’s content id (`twom:envelope:a` ...); `contentItem(id)` gives what the seed says about it.' })
  envelopeId!: string;

  @Field({ description: 'The printed letter, A to E.' })
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
    description: 'What the seeds do not say about the envelope. Its contents are unknown, so no component joins any deck when it opens.',
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
