import * as hopeInhumanity from '../rules';
import { campaignSetup } from '@scriptbook/campaign-model';
import { emptyHopeInhumanityState, HopeInhumanityState } from './hope-inhumanity-state';

/** The players with their Humanity dice, the Hope pool and the first round. */
export const hopeInhumanitySetup = campaignSetup(hopeInhumanity.hopeSetupProcedure, (result): HopeInhumanityState => ({
  ...emptyHopeInhumanityState(),
  players: Object.fromEntries(result.players.map((p) => [p.name, { humanity: p.humanity }])),
  hopePool: result.hopePool,
  round: result.round,
}));
