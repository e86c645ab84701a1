import type { Group, ScriptbookClient } from '@scriptbook/client';
import { byId, clear, el, say } from './dom';
import { errorWords, joinErrorWords } from './table-words';

/**
 * The player's groups: pick one to see its campaigns, make one, share an
 * invitation code for it, or join another device's group by its code. All
 * of it needs the server; offline the section says so and the open
 * campaign keeps working.
 */
export class GroupsSection {
  private readonly select = byId<HTMLSelectElement>('group-select');
  private readonly message = byId('groups-message');
  private readonly inviteButton = byId<HTMLButtonElement>('invite-button');
  private readonly inviteCode = byId('invite-code');
  private groups: readonly Group[] = [];

  constructor(
    private readonly client: ScriptbookClient,
    private readonly onPick: (group: Group | null) => void,
  ) {
    this.select.addEventListener('change', () => this.picked());
    byId<HTMLButtonElement>('groups-refresh').addEventListener('click', () => void this.load());
    byId<HTMLFormElement>('create-group-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.create();
    });
    byId<HTMLFormElement>('join-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.join();
    });
    this.inviteButton.addEventListener('click', () => void this.invite());
  }

  /** The group picked, or null before any is loaded. */
  get current(): Group | null {
    return this.groups.find((group) => group.id === this.select.value) ?? null;
  }

  /** Reads the groups again, keeping `keep` (or the one picked) picked. */
  async load(keep: string | null = this.select.value || null): Promise<void> {
    say(this.message, 'info', 'Loading your groups…');
    try {
      this.groups = await this.client.myGroups();
      clear(this.message);
    } catch (error) {
      say(this.message, 'error', `Your groups cannot be loaded: ${errorWords(error)}`);
      return;
    }
    this.select.replaceChildren(
      ...this.groups.map((group) => el('option', { value: group.id }, group.kind === 'PERSONAL' ? `${group.name} (only you)` : `${group.name} (${group.myRole === 'OWNER' ? 'owner' : 'member'})`)),
    );
    if (keep && this.groups.some((group) => group.id === keep)) this.select.value = keep;
    this.picked();
  }

  private picked(): void {
    const group = this.current;
    this.inviteButton.disabled = !group || group.kind === 'PERSONAL';
    clear(this.inviteCode);
    this.onPick(group);
  }

  private async create(): Promise<void> {
    const input = byId<HTMLInputElement>('group-name');
    try {
      const group = await this.client.createGroup(input.value);
      input.value = '';
      await this.load(group.id);
      say(this.message, 'ok', `Group ${group.name} made: share an invitation code so the others can join`);
    } catch (error) {
      say(this.message, 'error', `The group was not made: ${errorWords(error)}`);
    }
  }

  private async invite(): Promise<void> {
    const group = this.current;
    if (!group) return;
    try {
      const invitation = await this.client.inviteToGroup(group.id);
      this.inviteCode.replaceChildren(
        el('p', {}, 'Invitation code, shown only now: ', el('output', { id: 'invite-code-value', class: 'code' }, invitation.code)),
        el('p', { class: 'hint' }, `It works for anyone until ${new Date(invitation.expiresAt).toLocaleString()}.`),
      );
    } catch (error) {
      say(this.message, 'error', `No code was made: ${errorWords(error)}`);
    }
  }

  private async join(): Promise<void> {
    const input = byId<HTMLInputElement>('join-code');
    const message = byId('join-message');
    say(message, 'info', 'Joining…');
    try {
      const group = await this.client.joinGroup(input.value);
      input.value = '';
      say(message, 'ok', `You are in ${group.name}`);
      await this.load(group.id);
    } catch (error) {
      say(message, 'error', joinErrorWords(error));
    }
  }
}
