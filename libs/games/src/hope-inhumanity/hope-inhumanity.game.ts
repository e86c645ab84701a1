import { hopeContentKinds } from './content/hope-inhumanity.kinds';
import { defineGame } from '../game-descriptor';
import { hopeInhumanityCampaign } from './campaign/hope-inhumanity-campaign';
import { hopeInhumanityRules } from './rules';

/** Hope Inhumanity by Derek Gour (seed 003). */
export const hopeInhumanityGame = defineGame({
  id: 'hope-inhumanity',
  content: { packs: ['hope-inhumanity'], kinds: hopeContentKinds },
  modules: [],
  rules: hopeInhumanityRules,
  campaign: hopeInhumanityCampaign,
});
