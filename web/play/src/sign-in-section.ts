import type { ScriptbookClient } from '@scriptbook/client';
import { byId, clear, say, show } from './dom';
import { errorWords } from './table-words';

/**
 * "Sign in as this device": the SDK makes a device id once and keeps it
 * with the session in this browser's storage, so the same browser is the
 * same player after a reload (offline too: the session is read from the
 * device, not asked of the server).
 */
export class SignInSection {
  private readonly form = byId<HTMLFormElement>('device-form');
  private readonly signedIn = byId('signed-in');
  private readonly who = byId('who');
  private readonly message = byId('device-message');

  constructor(
    private readonly client: ScriptbookClient,
    private readonly onChange: () => void,
  ) {
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.signIn();
    });
    byId<HTMLButtonElement>('sign-out').addEventListener('click', () => void this.signOut());
    client.onSignedOut(() => this.render());
  }

  render(): void {
    const player = this.client.player;
    show(this.form, !player);
    show(this.signedIn, Boolean(player));
    this.who.textContent = player ? player.displayName : '';
  }

  private async signIn(): Promise<void> {
    const displayName = byId<HTMLInputElement>('device-name').value.trim();
    const deviceName = byId<HTMLInputElement>('device-label').value.trim();
    const button = this.form.querySelector('button')!;
    button.disabled = true;
    say(this.message, 'info', 'Signing in…');
    try {
      await this.client.signInWithDevice({ ...(displayName ? { displayName } : {}), ...(deviceName ? { deviceName } : {}) });
      clear(this.message);
      this.render();
      this.onChange();
    } catch (error) {
      say(this.message, 'error', errorWords(error));
    } finally {
      button.disabled = false;
    }
  }

  private async signOut(): Promise<void> {
    try {
      await this.client.signOut();
      clear(this.message);
    } catch (error) {
      say(this.message, 'error', errorWords(error));
    }
    this.render();
    this.onChange();
  }
}
