import { NotFoundError } from '@scriptbook/platform';
import { visibleCampaign } from './campaign-access';
import { Campaign } from './campaign.model';

const campaign: Campaign = { id: 'c1', name: 'Siege', gameId: 'twom', ownerId: 'ana', version: 0, createdAt: new Date(0) };

describe('visibleCampaign', () => {
  it('shows a campaign to its owner', () => {
    expect(visibleCampaign(campaign, 'c1', { playerId: 'ana' })).toBe(campaign);
  });

  it('answers a stranger exactly as it answers an id that does not exist', () => {
    const stranger = () => visibleCampaign(campaign, 'c1', { playerId: 'ben' });
    const missing = () => visibleCampaign(null, 'c1', { playerId: 'ben' });
    expect(stranger).toThrow(NotFoundError);
    expect(stranger).toThrow('Campaign c1 does not exist');
    expect(missing).toThrow('Campaign c1 does not exist');
  });
});
