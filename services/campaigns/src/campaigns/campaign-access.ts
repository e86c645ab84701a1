import { AuthenticatedPlayer, NotFoundError } from '@scriptbook/platform';
import { Campaign } from './campaign.model';

/**
 * Who may see a campaign: its owner. Anyone else is told it does not exist,
 * the same answer as for an id that was never used, so ids cannot be probed.
 * `campaign(id)` and `_entities` both decide with this one rule.
 */
export function visibleCampaign(campaign: Campaign | null, id: string, viewer: AuthenticatedPlayer, field = 'id'): Campaign {
  if (!campaign || campaign.ownerId !== viewer.playerId) throw new NotFoundError('Campaign', id, field);
  return campaign;
}
