import { defineCampaignModel, startingFrom } from '@scriptbook/campaign-model';
import { zoneSurvivalActions } from './zone-survival-actions';
import { zoneSurvivalSetup } from './zone-survival-setup';
import { emptyZoneSurvivalState, zoneSurvivalStateSchema } from './zone-survival-state';

/** A Zone Survival game followed from its setup to its score. */
export const zoneSurvivalCampaign = defineCampaignModel({
  stateField: 'zoneSurvivalState',
  stateTypeName: 'CampaignZoneSurvivalState',
  stateDescription: 'The state of a Zone Survival game (`stalker-zs`); null for other games.',
  stateSchema: zoneSurvivalStateSchema,
  actions: zoneSurvivalActions,
  setups: [zoneSurvivalSetup],
  initial: startingFrom(() => emptyZoneSurvivalState()),
});
