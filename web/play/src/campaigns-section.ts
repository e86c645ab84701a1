import type { CampaignSummary, Group, ScriptbookClient } from '@scriptbook/client';
import type { CampaignNames } from './campaign-names';
import { byId, clear, el, say } from './dom';
import { addressWithCampaign } from './page-address';
import { errorWords } from './table-words';

/** A group's campaigns, to open one, and a form to start one in that group. */
export class CampaignsSection {
  private readonly list = byId('campaign-list');
  private readonly message = byId('campaigns-message');
  private readonly form = byId<HTMLFormElement>('new-campaign-form');
  private group: Group | null = null;

  constructor(
    private readonly client: ScriptbookClient,
    private readonly names: CampaignNames,
    private readonly open: (id: string) => void,
  ) {
    byId<HTMLSelectElement>('campaign-game').replaceChildren(...client.gameIds.map((id) => el('option', { value: id }, id)));
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.create();
    });
    // A link works as a link (a new tab, a copied address); a plain click opens the campaign in place.
    this.list.addEventListener('click', (event) => {
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-campaign]');
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      this.open(link.dataset.campaign!);
    });
    byId<HTMLButtonElement>('campaigns-refresh').addEventListener('click', () => void this.show(this.group));
  }

  async show(group: Group | null): Promise<void> {
    this.group = group;
    byId('campaigns-group').textContent = group ? group.name : 'no group';
    this.form.querySelector('button')!.disabled = !group;
    clear(this.list);
    if (!group) return;
    say(this.message, 'info', 'Loading campaigns…');
    try {
      const page = await this.client.groupCampaigns(group.id, { first: 50 });
      if (this.group !== group) return;
      this.render(page.items);
    } catch (error) {
      say(this.message, 'error', `The campaigns cannot be loaded: ${errorWords(error)}`);
    }
  }

  private render(campaigns: readonly CampaignSummary[]): void {
    this.names.remember(campaigns);
    if (campaigns.length === 0) say(this.message, 'info', 'No campaigns in this group yet: start one below');
    else clear(this.message);
    this.list.replaceChildren(
      ...campaigns.map((campaign) =>
        el('li', {}, el('a', { href: addressWithCampaign(location.href, campaign.id), 'data-campaign': campaign.id }, campaign.name), ` — ${campaign.gameId}, version ${campaign.version}`),
      ),
    );
  }

  private async create(): Promise<void> {
    if (!this.group) return;
    const gameId = byId<HTMLSelectElement>('campaign-game').value;
    const name = byId<HTMLInputElement>('campaign-name').value;
    say(this.message, 'info', 'Starting the campaign…');
    try {
      const replica = await this.client.createCampaign({ gameId, name, groupId: this.group.id });
      byId<HTMLInputElement>('campaign-name').value = '';
      this.names.remember([{ id: replica.id, name: name.trim() }]);
      clear(this.message);
      this.open(replica.id);
    } catch (error) {
      say(this.message, 'error', `The campaign was not started: ${errorWords(error)}`);
    }
  }
}
