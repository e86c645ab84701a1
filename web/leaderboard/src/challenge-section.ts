import { graphql, GraphQLAnswer } from './api.js';
import { byId, el, formatUtc, showStatus, todayUtc } from './dom.js';
import { describeFailure, describeGraphQLError } from './messages.js';
import { DAILY_CHALLENGE, DailyChallenge, LeaderboardPage, ZoneSurvivalCatalogue } from './operations.js';
import { PagedBoard } from './paged-board.js';

interface ChallengeAnswer {
  readonly dailyChallenge: DailyChallenge | null;
  readonly dailyChallengeLeaderboard: LeaderboardPage | null;
}

const PAGE_SIZE = 20;

/**
 * The daily challenge of a UTC day (today unless the reader picks another):
 * its setup, as the rules engine drew it for everyone, and its own board.
 * The setup's open slots and the seed's gaps are shown as the API gives them.
 */
export class ChallengeSection {
  private readonly form = byId<HTMLFormElement>('challenge-form');
  private readonly date = byId<HTMLInputElement>('challenge-date');
  private readonly status = byId('challenge-status');
  private readonly setup = byId('challenge-setup');
  private readonly board = new PagedBoard(byId('challenge-board'), 'Daily challenge board', 'No one has submitted this challenge yet.', false);
  private catalogue: ZoneSurvivalCatalogue | null = null;

  constructor() {
    this.date.value = todayUtc();
    this.date.max = todayUtc();
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.start();
    });
    this.form.addEventListener('change', () => this.start());
  }

  useCatalogue(catalogue: ZoneSurvivalCatalogue | null): void {
    this.catalogue = catalogue;
  }

  start(): void {
    const date = this.date.value || todayUtc();
    showStatus(this.status, 'info', 'Loading the challenge…');
    this.setup.replaceChildren();
    let first = true;
    // The first page comes with the challenge in one request; later pages ask for the board alone (the same operation).
    void this.board.show(async (after) => {
      const answer = await this.read(date, after);
      if (first) {
        first = false;
        this.showChallenge(answer);
      }
      return { data: answer.data?.dailyChallengeLeaderboard ?? null, errors: answer.errors.filter((e) => e.path?.[0] !== 'dailyChallenge') };
    }).catch((failure) => showStatus(this.status, 'error', describeFailure(failure)));
  }

  private async read(date: string, after: string | null): Promise<GraphQLAnswer<ChallengeAnswer>> {
    try {
      return await graphql<ChallengeAnswer>(DAILY_CHALLENGE, { date, verifiedOnly: false, first: PAGE_SIZE, after });
    } catch (failure) {
      showStatus(this.status, 'error', describeFailure(failure));
      throw failure;
    }
  }

  private showChallenge(answer: GraphQLAnswer<ChallengeAnswer>): void {
    const challenge = answer.data?.dailyChallenge;
    if (!challenge) {
      const error = answer.errors.find((e) => e.path?.[0] === 'dailyChallenge') ?? answer.errors[0];
      showStatus(this.status, 'error', error ? describeGraphQLError(error) : 'The challenge could not be read.');
      return;
    }
    showStatus(this.status, 'info', `Challenge ${challenge.date}: submissions close ${formatUtc(challenge.closesAt)}. Submit your result with challenge id ${challenge.id}.`);
    this.setup.replaceChildren(...this.describe(challenge));
  }

  private describe(challenge: DailyChallenge): HTMLElement[] {
    const name = (items: readonly { id: string; name: string }[] | undefined, id: string) => items?.find((item) => item.id === id)?.name ?? id;
    const facts = el(
      'dl',
      { class: 'challenge-facts' },
      el('dt', {}, 'Scenario'),
      el('dd', { class: 'challenge-scenario' }, name(this.catalogue?.scenarios, challenge.scenarioId)),
      el('dt', {}, 'Map'),
      el('dd', { class: 'challenge-map' }, name(this.catalogue?.maps, challenge.mapId)),
      el('dt', {}, 'Stalkers'),
      el('dd', { class: 'challenge-stalkers' }, String(challenge.stalkerCount)),
    );
    const parts: HTMLElement[] = [facts];
    const slots = challenge.setup.setupCards ?? [];
    if (slots.length > 0) {
      parts.push(
        el('h3', {}, 'Setup cards'),
        el('ol', { class: 'setup-cards' }, ...slots.map((slot) => el('li', {}, slot.card ? slot.card.name : `Drawn at the table${slot.note ? `: ${slot.note}` : ''}`))),
      );
    }
    const deck = challenge.setup.eventDeck;
    if (deck) {
      const cards = deck.cards ? `: ${deck.cards.map((card) => card.name).join(', ')}` : ', drawn at the table';
      parts.push(el('p', { class: 'event-deck' }, `Event deck of ${deck.size} cards${cards}.`));
    }
    const gaps = challenge.setup.gaps ?? [];
    if (gaps.length > 0) {
      parts.push(el('h3', {}, 'Not given by the rulebook'), el('ul', { class: 'setup-gaps' }, ...gaps.map((gap) => el('li', {}, gap.note))));
    }
    return parts;
  }
}
