import { graphql } from './api.js';
import { boardTable } from './board-table.js';
import { byId, showStatus } from './dom.js';
import { describeFailure, describeGraphQLError } from './messages.js';
import { AROUND_ME, LeaderboardWindow } from './operations.js';
import { BoardSelection, boardInput } from './page-state.js';
import { forgetSignIn, renewSignIn, signInWithDevice, signInWithToken, StoredSignIn, storedSignIn } from './sign-in.js';

/** Entries shown either side of the reader (the API allows 0 to 50). */
const RADIUS = 5;

/**
 * "Your place": the reader's rank on the board picked above, with the
 * players around them. Needs a sign-in: this browser as a device, or an
 * access token pasted from another app.
 */
export class AroundMeSection {
  private readonly signedOut = byId('me-signed-out');
  private readonly signedIn = byId('me-signed-in');
  private readonly who = byId('me-who');
  private readonly status = byId('me-status');
  private readonly table = byId('me-table');
  private signIn: StoredSignIn | null = storedSignIn();
  private selection?: BoardSelection;
  private loading = 0;

  constructor() {
    byId<HTMLFormElement>('device-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.attempt(() => signInWithDevice(byId<HTMLInputElement>('device-name').value));
    });
    byId<HTMLFormElement>('token-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const token = byId<HTMLTextAreaElement>('token-input');
      void this.attempt(() => signInWithToken(token.value)).then(() => (token.value = ''));
    });
    byId('sign-out').addEventListener('click', () => {
      forgetSignIn();
      this.signIn = null;
      this.render();
    });
    this.showSignIn();
  }

  show(selection: BoardSelection): void {
    this.selection = selection;
    void this.load();
  }

  private async attempt(signIn: () => Promise<StoredSignIn>): Promise<void> {
    showStatus(this.status, 'info', 'Signing in…');
    try {
      this.signIn = await signIn();
      this.render();
    } catch (failure) {
      showStatus(this.status, 'error', describeFailure(failure));
    }
  }

  private render(): void {
    this.showSignIn();
    void this.load();
  }

  private showSignIn(): void {
    this.signedOut.hidden = this.signIn !== null;
    this.signedIn.hidden = this.signIn === null;
    this.who.textContent = this.signIn ? this.signIn.player.displayName : '';
  }

  private async load(renewed = false): Promise<void> {
    const ticket = ++this.loading;
    this.table.replaceChildren();
    if (!this.signIn) {
      showStatus(this.status, 'info', 'Sign in to see your rank and the players around you.');
      return;
    }
    if (!this.selection) return;
    const { board, period, verifiedOnly } = this.selection;
    showStatus(this.status, 'info', 'Loading…');
    try {
      const answer = await graphql<{ leaderboardAroundMe: LeaderboardWindow | null }>(
        AROUND_ME,
        { board: boardInput(board), period, verifiedOnly, radius: RADIUS },
        this.signIn.token,
      );
      if (ticket !== this.loading) return;
      const window = answer.data?.leaderboardAroundMe;
      const error = answer.errors[0];
      if (!window && error?.extensions?.code === 'UNAUTHENTICATED' && !renewed) {
        this.signIn = await renewSignIn(this.signIn);
        this.showSignIn();
        return this.load(true);
      }
      if (!window) {
        showStatus(this.status, 'error', error ? describeGraphQLError(error) : 'Your place could not be read.');
        return;
      }
      if (window.myRank === null) {
        showStatus(this.status, 'empty', `You have no result on this board yet (${window.totalCount} players are on it).`);
        return;
      }
      showStatus(this.status, 'info', `You are ranked ${window.myRank} of ${window.totalCount}.`);
      this.table.replaceChildren(boardTable(window.entries, 'Players around you', this.signIn.player.id));
    } catch (failure) {
      if (ticket === this.loading) showStatus(this.status, 'error', describeFailure(failure));
    }
  }
}
