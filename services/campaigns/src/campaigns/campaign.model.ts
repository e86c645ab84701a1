import { Directive, Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Connection, plainText } from '@scriptbook/platform';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';
import { z } from 'zod';
import { GameSystemId } from '../state/game-systems';

@ObjectType({ description: 'One step of the setup the rules engine ran when the campaign was created.' })
export class CampaignSetupStep {
  @Field({ description: 'What happened, in words a player reads (which card, which die, what it showed).' })
  text!: string;

  @Field(() => JSONScalar, { nullable: true, description: 'The values behind the step (cards drawn, die faces), when the engine gave any; its shape depends on the step.' })
  detail?: unknown;
}

@ObjectType({
  description: "A group's playthrough of one game, synced across its devices. Only members of the owning group can see or change it.",
})
@Directive('@key(fields: "id")')
export class Campaign {
  @Field(() => ID, { description: 'Stable and opaque; campaigns created later have ids that sort later.' })
  id!: string;

  @Field({ description: 'The name given at creation, trimmed; plain text without control or invisible formatting characters.' })
  name!: string;

  @Field(() => ID, { description: 'The game id; `game` resolves it through the content subgraph.' })
  gameId!: string;

  @Field(() => ID, { description: 'The play group that owns the campaign (`personal-<playerId>` for a personal one); every member may read and act.' })
  groupId!: string;

  ownerId!: string;

  /** Which state field is filled. */
  system!: GameSystemId | null;
  state!: unknown;

  @Field(() => Int, { description: 'Raised by every applied action or undo; 0 for a new campaign. Pass it to `campaignChanges` as `sinceVersion`.' })
  version!: number;

  @Field(() => String, { nullable: true, description: 'The seed the campaign’s random stream started from; null for campaigns made before seeds were kept.' })
  seed!: string | null;

  @Field(() => [CampaignSetupStep], {
    nullable: true,
    description: 'The transcript of the rules engine’s setup that produced the initial state; null when the campaign was created without `setup`.',
  })
  setupTranscript!: CampaignSetupStep[] | null;

  @Field({ description: 'When the campaign was created.' })
  createdAt!: Date;
}

export const CampaignConnection = Connection(Campaign, 'Campaign');

@InputType({ description: 'What starting a campaign needs.' })
export class CreateCampaignInput {
  @Field({
    description:
      'A game id from `games`: `twom` (the core game, with Tales from the Ruined City as modules), `stalker-zs` or `hope-inhumanity`; ' +
      'an unknown one gives BAD_USER_INPUT (rule "known-game"), one without campaigns rule "campaign-game".',
  })
  gameId!: string;

  @Field({
    description:
      '1 to 80 characters after trimming. Letters of any script, accents and emoji are fine; control and invisible ' +
      'formatting characters (NUL, bidirectional overrides, ...) give BAD_USER_INPUT with rule "plain-text".',
  })
  name!: string;

  @Field(() => ID, {
    nullable: true,
    description: "The group that will own it; the caller's personal group when omitted. A group the caller is not in gives NOT_FOUND on `input.groupId`.",
  })
  groupId?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description:
      'The input of a setup procedure of the rules engine, exactly as the rules subgraph takes it: `twomSetup` (the core game, the default for `twom`), ' +
      '`talesIncidentSetup` (a Tales from the Ruined City Incident, with `setupProcedure: "twom-tales.incident-setup"`), `zoneSurvivalSetup` or `hopeSetup`. ' +
      'When given, the initial state comes from that setup (Characters, Storage, Event deck and scenario tracks; Scenario, Setup cards and Event deck; ' +
      'players and dice), continuing the campaign’s seed, and its transcript is kept. ' +
      'Bad setup input gives BAD_USER_INPUT on `input.setup.<field>` with the procedure’s rule, and nothing is stored.',
  })
  setup?: unknown;

  @Field(() => String, {
    nullable: true,
    description:
      'Which setup `setup` is the input of, by its rules catalog id: `twom.setup` or `twom-tales.incident-setup` for `twom`, `stalker-zs.setup`, ' +
      '`hope-inhumanity.setup`; the game’s first when omitted. Another id gives BAD_USER_INPUT (rule "one-of"); giving it without `setup` gives rule "required" on `input.setup`.',
  })
  setupProcedure?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The seed to start the campaign’s random stream from (1 to 200 characters); drawn by the server when omitted, and kept with the campaign.',
  })
  seed?: string | null;
}

export const createCampaignSchema = z.object({
  gameId: z.string().trim().min(1, 'must not be empty').max(64),
  name: plainText({ maxLength: 80 }),
  groupId: z.string().min(1).max(80).nullish(),
  setup: z.unknown().optional(),
  setupProcedure: z.string().min(1).max(80).nullish(),
  seed: z.string().min(1).max(200).nullish(),
});
