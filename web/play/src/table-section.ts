import type { CampaignReplica, CampaignSnapshot, ScriptbookClient } from '@scriptbook/client';

/** How the screen opens a campaign: a player's client's replica, or a share link's read-only one. */
export interface TableOptions {
  /** A share link's screen, which reads and follows and has no control that could change anything. */
  readonly spectator?: boolean;
  /** Opens the campaign's replica; the player's client's `campaign(id)` when not given. */
  readonly openReplica?: (id: string) => Promise<CampaignReplica>;
}
import { actionForm, ActionForm } from './action-form';
import type { CampaignNames } from './campaign-names';
import { loadCatalog } from './catalog-cache';
import { byId, clear, el, say, show } from './dom';
import { stateView } from './state-view';
import { connectionWords, errorDetails, errorWords, pendingActionWords, pendingWords, rejectionWords } from './table-words';

/**
 * The open campaign: its state as this device shows it (the confirmed
 * state with the waiting actions applied by the game's own model), the
 * catalog's actions as forms, what waits for the server, what the server
 * refused and why, and whether the device is online, offline or behind.
 */
export class TableSection {
  private readonly section = byId('table');
  private readonly message = byId('table-message');
  private replica: CampaignReplica | null = null;
  private stop: () => void = () => undefined;
  private shown: CampaignSnapshot | null = null;

  /** `client` is the player's; a spectator's screen has none (its replica comes from `options.openReplica`). */
  constructor(
    private readonly client: ScriptbookClient | null,
    private readonly names: CampaignNames,
    private readonly options: TableOptions = {},
  ) {
    const spectator = options.spectator === true;
    show(byId('spectator-note'), spectator);
    for (const part of ['pending-part', 'rejections-part', 'actions-part']) show(byId(part), !spectator);
  }

  async open(id: string | null): Promise<void> {
    this.stop();
    this.replica = null;
    this.shown = null;
    show(this.section, Boolean(id) || this.options.spectator === true);
    clear(byId('actions'));
    if (!id) {
      if (this.options.spectator) say(this.message, 'error', 'This address names no campaign: open the share link as it was given (it carries ?campaign=… and &share=…).');
      return;
    }
    byId('campaign-id').textContent = id;
    byId('campaign-title').textContent = this.names.nameOf(id) ?? id;
    say(this.message, 'info', 'Opening the campaign…');
    let replica: CampaignReplica;
    try {
      replica = await (this.options.openReplica ?? ((campaignId: string) => this.client!.campaign(campaignId)))(id);
    } catch (error) {
      say(this.message, 'error', `The campaign cannot be opened: ${errorWords(error)}`);
      return;
    }
    clear(this.message);
    this.replica = replica;
    this.stop = replica.subscribe(() => this.render(replica.getSnapshot()));
    this.render(replica.getSnapshot());
    if (this.client && !this.options.spectator) await this.showActions(replica, this.client);
  }

  /** A spectator's link stopped working (revoked, or its screen open past its time): the screen stops following and says so. */
  ended(): void {
    this.stop();
    this.stop = () => undefined;
    say(this.message, 'error', 'This share link no longer opens the campaign: it was revoked, or this screen was open too long. Ask a member of the group for a new link.');
  }

  private render(snapshot: CampaignSnapshot): void {
    const before = this.shown;
    this.shown = snapshot;
    byId('table-game').textContent = snapshot.gameId;
    byId('campaign-version').textContent = String(snapshot.confirmed.version);
    // Each live region is written only when its words change, so a screen reader hears news, not repeats.
    write(byId('sync-status'), connectionWords(snapshot.sync));
    write(byId('pending-count'), pendingWords(snapshot.pending));
    if (before?.pending !== snapshot.pending) {
      byId('pending-list').replaceChildren(...snapshot.pending.map((action) => el('li', { class: action.conflict ? 'conflict' : '' }, pendingActionWords(action))));
    }
    if (before?.rejections !== snapshot.rejections) this.renderRejections(snapshot);
    if (before?.optimistic !== snapshot.optimistic) byId('campaign-state').replaceChildren(stateView(snapshot.optimistic));
  }

  private renderRejections(snapshot: CampaignSnapshot): void {
    byId('rejections').replaceChildren(
      ...snapshot.rejections.map((rejection) => {
        const dismiss = el('button', { type: 'button', class: 'dismiss', 'aria-label': `Dismiss the refusal of ${rejection.name}` }, 'Dismiss');
        dismiss.addEventListener('click', () => void this.replica?.dismissRejection(rejection.id));
        return el('li', { class: 'rejection' }, el('span', {}, rejectionWords(rejection)), ' ', dismiss);
      }),
    );
    byId('rejections-none').hidden = snapshot.rejections.length > 0;
  }

  private async showActions(replica: CampaignReplica, client: ScriptbookClient): Promise<void> {
    const target = byId('actions');
    say(target, 'info', 'Loading the actions…');
    try {
      const catalog = await loadCatalog(replica.gameId, (gameId) => client.actionCatalog(gameId), localStorage);
      if (this.replica !== replica) return;
      const forms = catalog.actions.map((action) => actionForm(action));
      for (const form of forms) form.element.addEventListener('submit', (event) => {
        event.preventDefault();
        void this.act(replica, form);
      });
      target.replaceChildren(
        ...(catalog.fromDevice ? [el('p', { class: 'hint' }, 'The actions as this device last read them from the server.')] : []),
        ...forms.map((form) => form.element),
      );
    } catch (error) {
      say(target, 'error', `The actions cannot be loaded: ${errorWords(error)}`);
    }
  }

  private async act(replica: CampaignReplica, form: ActionForm): Promise<void> {
    const name = form.element.dataset.action!;
    const read = form.args();
    if (!read.ok) {
      say(form.message, 'error', `${read.problem.message} (${errorDetails({ field: read.problem.field, rule: read.problem.rule })})`);
      return;
    }
    try {
      const queued = await replica.act(name, read.args);
      form.reset();
      say(form.message, 'ok', `${name} is kept on this device as #${queued.seq}`);
      const verdict = await queued.verdict;
      if (verdict.outcome === 'applied') say(form.message, 'ok', `${name} #${queued.seq} is confirmed`);
      else if (verdict.outcome === 'rejected') say(form.message, 'error', rejectionWords(verdict.rejection));
    } catch (error) {
      // Refused on the device (args that break the action's schema): nothing was queued.
      say(form.message, 'error', `Not done, nothing was kept: ${errorWords(error)}`);
    }
  }
}

function write(target: HTMLElement, text: string): void {
  if (target.textContent !== text) target.textContent = text;
}
