import { Injectable } from '@nestjs/common';
import { CampaignModel } from '@scriptbook/campaign-model';
import { GameCatalog } from '@scriptbook/games';
import { BadUserInputError } from '@scriptbook/platform';

/**
 * The campaign models of the hosted games, as every part of the service asks
 * for them: by a campaign's game id. Read from the injected catalog, so the
 * service serves whichever games it is hosted with.
 */
@Injectable()
export class CampaignModels {
  constructor(readonly catalog: GameCatalog) {}

  /** The model of a game that keeps campaigns, or null. */
  of(gameId: string): CampaignModel | null {
    return this.catalog.campaignModelOf(gameId);
  }

  /** The model of a game that keeps campaigns; BAD_USER_INPUT naming `field` (rule `campaign-game`) for any other id. */
  require(gameId: string, field: string): CampaignModel {
    const model = this.of(gameId);
    if (!model) throw new BadUserInputError(field, 'campaign-game', `${gameId} has no campaign state`);
    return model;
  }

  /**
   * A stored campaign's state: as stored, or, for a campaign made before
   * state existed, its game's empty state from its seed.
   */
  stateOf(campaign: { readonly gameId: string; readonly id: string; readonly seed: string | null; readonly state: unknown }): unknown {
    return campaign.state ?? this.of(campaign.gameId)?.initial(campaign.seed ?? campaign.id, null).state ?? null;
  }
}
