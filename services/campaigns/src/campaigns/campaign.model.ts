import { Type } from '@nestjs/common';
import { Directive, Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { Connection, ConnectionShape, refuseHiddenCharacters, plainText } from '@scriptbook/platform';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';
import { z } from 'zod';

@ObjectType({ description: 'One step of the setup the rules engine ran when the campaign was created.' })
export class CampaignSetupStep {
  @Field({ description: 'What happened, in words a player reads (which card, which die, what it showed).' })
  text!: string;

  @Field(() => JSONScalar, { nullable: true, description: 'The values behind the step (cards drawn, die faces), when the engine gave any; its shape depends on the step.' })
  detail?: unknown;
}

/** A campaign as the API serves it; its typed state fields are added per hosted game (state/campaign-state.graphql.ts). */
export interface Campaign {
  readonly id: string;
  readonly name: string;
  readonly gameId: string;
  readonly groupId: string;
  readonly ownerId: string;
  readonly state: unknown;
  readonly version: number;
  readonly seed: string | null;
  readonly setupTranscript: CampaignSetupStep[] | null;
  readonly setupProcedureId: string | null;
  readonly createdAt: Date;
  readonly archivedAt: Date | null;
}

/**
 * The `Campaign` entity type and its connection, made once per hosted
 * catalog: the state fields each catalog's games add are attached to this
 * class, so two catalogs built in one process never share a `Campaign`.
 */
export function campaignTypes(): { readonly campaign: Type<Campaign>; readonly connection: Type<ConnectionShape<Campaign>> } {
  @ObjectType('Campaign', {
    description: "A group's playthrough of one game, synced across its devices. Only members of the owning group can see or change it.",
  })
  @Directive('@key(fields: "id")')
  class CampaignType implements Campaign {
    @Field(() => ID, { description: 'Stable and opaque; campaigns created later have ids that sort later.' })
    id!: string;

    @Field({ description: 'The name given at creation, trimmed; plain text without control or invisible formatting characters.' })
    name!: string;

    @Field(() => ID, { description: 'The game id; `game` resolves it through the content subgraph.' })
    gameId!: string;

    @Field(() => ID, { description: 'The play group that owns the campaign (`personal-<playerId>` for a personal one); every member may read and act.' })
    groupId!: string;

    ownerId!: string;

    state!: unknown;

    @Field(() => Int, { description: 'Raised by every applied action or undo; 0 for a new campaign. Pass it to `campaignChanges` as `sinceVersion`.' })
    version!: number;

    @Field(() => String, { nullable: true, description: 'The seed the campaign’s random stream started from; null for campaigns made before seeds were kept.' })
    seed!: string | null;

    @Field(() => [CampaignSetupStep], {
      nullable: true,
      description: 'The transcript of the rules engine’s setup that produced the initial state; null when the campaign was created without a setup.',
    })
    setupTranscript!: CampaignSetupStep[] | null;

    @Field(() => String, {
      nullable: true,
      description:
        'The id of the rules engine’s setup procedure that dealt the initial state (an id as `procedures` lists them, such as `<game id>.setup`); null when the campaign was created ' +
        'without one, or imported from a file that names none. Scoring takes a result from a campaign’s record only when a setup dealt it.',
    })
    setupProcedureId!: string | null;

    @Field({ description: 'When the campaign was created.' })
    createdAt!: Date;

    @Field(() => Date, {
      nullable: true,
      description:
        'When the campaign was archived; null while it is not. An archived campaign is read-only (pushes, undo, outcomes, rename and transfer are refused with CONFLICT, ' +
        'rule "campaign-archived") and left out of `myCampaigns` and `groupCampaigns` unless they are asked with `includeArchived: true`. `unarchiveCampaign` ends it.',
    })
    archivedAt!: Date | null;
  }
  return { campaign: CampaignType, connection: Connection(CampaignType, 'Campaign') };
}

/** The fields of `CreateCampaignInput` every catalog has; each setup procedure adds its own (campaign-setup-inputs.ts). */
export const createCampaignSchema = z.object({
  gameId: z.string().trim().min(1, 'must not be empty').max(64),
  name: plainText({ maxLength: 80 }),
  groupId: z.string().min(1).max(80).nullish(),
  setup: z.unknown().optional(),
  setupProcedure: z.string().min(1).max(80).nullish(),
  // Used exactly as given (every character feeds the generator), so checked, never trimmed.
  seed: z.string().min(1).max(200).superRefine(refuseHiddenCharacters).nullish(),
});
export type CreateCampaignFields = z.input<typeof createCampaignSchema>;
