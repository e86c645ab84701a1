import { z } from 'zod';
import { defineCampaignModel, startingFrom } from '@scriptbook/campaign-model';
import { hopeInhumanityActions } from './hope-inhumanity-actions';
import { hopeInhumanitySetup } from './hope-inhumanity-setup';
import { emptyHopeInhumanityState, HopeInhumanityState, hopeInhumanityStateSchema } from './hope-inhumanity-state';

/** A game of Hope Inhumanity followed round by round. */
export const hopeInhumanityCampaign = defineCampaignModel<HopeInhumanityState>({
  stateField: 'hopeInhumanityState',
  stateTypeName: 'CampaignHopeInhumanityState',
  stateDescription: 'The state of a Hope Inhumanity game (`hope-inhumanity`); null for other games.',
  stateSchema: hopeInhumanityStateSchema as z.ZodType<HopeInhumanityState>,
  actions: hopeInhumanityActions,
  setups: [hopeInhumanitySetup],
  initial: startingFrom(() => emptyHopeInhumanityState()),
});
