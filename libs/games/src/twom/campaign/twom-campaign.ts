import { z } from 'zod';
import { defineCampaignModel, startingFrom } from '@scriptbook/campaign-model';
import { Random } from '@scriptbook/rules-engine';
import { OPEN_ENVELOPE_ACTION, twomActions } from './twom-actions';
import { talesIncidentSetup, twomCoreSetup } from './twom-setup';
import { emptyTwomState, TwomState, twomStateSchema } from './twom-state';

/** A This War of Mine campaign: the core game, with Tales from the Ruined City and Tactics played in the same campaign. */
export const twomCampaign = defineCampaignModel<TwomState>({
  stateField: 'twomState',
  stateTypeName: 'CampaignTwomState',
  stateDescription: 'The state of a This War of Mine campaign (`twom`, Tales from the Ruined City included); null for other games.',
  stateSchema: twomStateSchema as z.ZodType<TwomState>,
  actions: twomActions,
  setups: [twomCoreSetup, talesIncidentSetup],
  initial: startingFrom((seed) => emptyTwomState(Random.fromSeed(seed).state())),
  // Seed 000's envelopes A to E: a won scenario opens one for the group's every campaign.
  legacy: {
    contentKind: 'twom-envelope',
    stateField: 'envelopesOpened',
    outcomeAction: 'record-scenario-outcome',
    openAction: OPEN_ENVELOPE_ACTION,
    scenarioField: 'envelopeId',
    letterField: 'letter',
  },
  // Seed 000: once opened, an envelope's components join the game for good, and the group's other campaigns hold it too.
  neverUndone: [{ action: OPEN_ENVELOPE_ACTION, rule: 'legacy', reason: 'it opened a legacy envelope for the whole group, and an opened envelope stays opened' }],
});
