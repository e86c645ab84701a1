import { DynamicModule, Module } from '@nestjs/common';
import { ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';
import type { GameCatalog } from '@scriptbook/games';
import { CampaignLifecycleModule } from '../lifecycle/lifecycle.module';
import { campaignStateFieldsResolver } from '../state/campaign-state.graphql';
import { CampaignAtVersion } from '../time-travel/time-travel.model';
import { setupFieldsOf } from './campaign-setup-inputs';
import { campaignTypes } from './campaign.model';
import { campaignsResolver } from './campaigns.resolver';
import { CampaignsModule } from './campaigns.module';
import { createCampaignInputType } from './create-campaign.input';

@Module({})
export class CampaignsGraphQLModule {
  /**
   * `Campaign`, its typed state fields (and those of `CampaignAtVersion`, the same types), `createCampaign`'s typed setups and the lifecycle operations,
   * derived from the catalog when the module is defined: a catalog's games
   * are served with no line here naming one.
   */
  static forCatalog(catalog: GameCatalog): DynamicModule {
    // One set of types per catalog, shared by the state and the setups, so a schema both name is made once.
    const types = new ZodGraphQLTypes();
    const { campaign, connection } = campaignTypes();
    const setups = setupFieldsOf(catalog, types);
    const createInput = createCampaignInputType(catalog, setups);
    return {
      module: CampaignsGraphQLModule,
      imports: [CampaignsModule, CampaignLifecycleModule.forCampaignType(campaign)],
      providers: [
        campaignsResolver({ campaign, connection, createInput, setups }),
        campaignStateFieldsResolver(catalog, types, { type: campaign, gameIdOf: (c) => c.gameId, stateOf: (c) => c.state }),
        // The past in the same types as the present: one set of types serves both.
        campaignStateFieldsResolver(catalog, types, {
          type: CampaignAtVersion,
          gameIdOf: (at) => at.gameId,
          stateOf: (at) => at.stateJson,
          describedAs: 'Here as it stood at `version`, in the same type as the campaign’s current state.',
        }),
      ],
    };
  }
}
