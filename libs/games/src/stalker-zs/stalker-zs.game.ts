import { zsContentKinds } from './content/stalker-zs.kinds';
import { defineGame } from '../game-descriptor';
import { zoneSurvivalCampaign } from './campaign/zone-survival-campaign';
import { zoneSurvivalRules } from './rules';
import { zoneSurvivalScoring } from './scoring';

/** S.T.A.L.K.E.R. The Board Game's Zone Survival mode (seed 004). */
export const stalkerZsGame = defineGame({
  id: 'stalker-zs',
  content: { packs: ['stalker-zs'], kinds: zsContentKinds },
  modules: [],
  rules: zoneSurvivalRules,
  campaign: zoneSurvivalCampaign,
  scoring: zoneSurvivalScoring,
});
