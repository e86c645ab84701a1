import { twomContentKinds } from './content/twom.kinds';
import { defineGame, combinedRules } from '../game-descriptor';
import { twomCampaign } from './campaign/twom-campaign';
import { twomRules } from './rules/core';
import { twomTacticsRules } from './rules/tactics';
import { twomTalesRules } from './rules/tales';

/**
 * This War of Mine: The Board Game (seed 001), with its modules Tales from
 * the Ruined City (seed 000) and Tactics (seed 002): one game, one campaign.
 */
export const twomGame = defineGame({
  id: 'twom',
  content: { packs: ['twom-core', 'twom-tales', 'twom-tactics'], kinds: twomContentKinds },
  modules: [
    { id: 'twom:module:core', packId: 'twom-core' },
    { id: 'twom:module:tales-from-the-ruined-city', packId: 'twom-tales' },
    { id: 'twom:module:tactics', packId: 'twom-tactics' },
  ],
  rules: combinedRules(twomRules, twomTalesRules, twomTacticsRules),
  campaign: twomCampaign,
});
