import { GraphQLAnswer } from './api.js';
import { boardTable } from './board-table.js';
import { clearStatus, el, formatUtc, showStatus } from './dom.js';
import { LeaderboardPage } from './operations.js';
import { describeFailure, describeGraphQLError } from './messages.js';

/** Reads one page of a board: `after` is null for the first page. */
export type PageReader = (after: string | null) => Promise<GraphQLAnswer<LeaderboardPage | null>>;

/**
 * One board shown a page at a time, paged with the API's Relay cursors.
 * Relay connections only page forward, so the cursors of the pages already
 * seen are kept to step back. Every failure ends in the status line and
 * leaves the controls working.
 */
export class PagedBoard {
  private readonly status = el('div', { class: 'status-line' });
  private readonly period = el('p', { class: 'period' });
  private readonly table = el('div', { class: 'table-wrap' });
  private readonly previous = el('button', { type: 'button', class: 'previous-page' }, 'Previous page');
  private readonly next = el('button', { type: 'button', class: 'next-page' }, 'Next page');
  private readonly position = el('span', { class: 'position' });
  /** `after` of each page from the first to the one shown. */
  private cursors: (string | null)[] = [null];
  private reader?: PageReader;
  private loading = 0;

  constructor(
    container: HTMLElement,
    private readonly caption: string,
    private readonly emptyMessage: string,
    /** False for a board that has no period of its own (a daily challenge's day). */
    private readonly showsPeriod = true,
  ) {
    const pager = el('nav', { class: 'pager', 'aria-label': `${caption} pages` }, this.previous, this.position, this.next);
    container.replaceChildren(this.period, this.status, this.table, pager);
    this.previous.addEventListener('click', () => void this.step(-1));
    this.next.addEventListener('click', () => void this.step(1));
    this.setPager(false);
    showStatus(this.status, 'info', 'Loading…');
  }

  /** Shows the first page of another board. */
  show(reader: PageReader): Promise<void> {
    this.reader = reader;
    this.cursors = [null];
    return this.load();
  }

  /** Shows a message in place of the board, e.g. when the board cannot be asked for. */
  showMessage(kind: 'error' | 'info', text: string): void {
    this.table.replaceChildren();
    this.period.textContent = '';
    this.setPager(false);
    showStatus(this.status, kind, text);
  }

  private async step(direction: 1 | -1): Promise<void> {
    if (direction === -1 && this.cursors.length > 1) this.cursors.pop();
    if (direction === 1) {
      const after = this.table.dataset.endCursor;
      if (!after) return;
      this.cursors.push(after);
    }
    await this.load();
  }

  private async load(): Promise<void> {
    if (!this.reader) return;
    const ticket = ++this.loading;
    const after = this.cursors[this.cursors.length - 1];
    showStatus(this.status, 'info', 'Loading…');
    this.setPager(false);
    try {
      const answer = await this.reader(after);
      if (ticket !== this.loading) return;
      const page = answer.data;
      if (!page) {
        const error = answer.errors[0];
        this.showMessage('error', error ? describeGraphQLError(error) : 'The board could not be read.');
        return;
      }
      this.render(page);
    } catch (failure) {
      if (ticket !== this.loading) return;
      // A page that failed to arrive is taken off the stack, so "Next page" tries it again (after a network error or the rate limit's reset).
      if (after !== null) this.cursors.pop();
      this.showMessage('error', describeFailure(failure));
      this.setPager(after !== null, this.cursors.length > 1);
    }
  }

  private render(page: LeaderboardPage): void {
    if (this.showsPeriod) {
      const resets = page.nextResetAt ? `Next reset ${formatUtc(page.nextResetAt)}.` : 'All time: never resets.';
      const started = page.periodStartsAt ? ` This period began ${formatUtc(page.periodStartsAt)}.` : '';
      this.period.textContent = `${resets}${started}`;
    }
    this.table.dataset.endCursor = page.pageInfo.endCursor ?? '';
    if (page.edges.length === 0) {
      this.table.replaceChildren();
      showStatus(this.status, 'empty', this.cursors.length > 1 ? 'No more entries on this board.' : this.emptyMessage);
      this.position.textContent = '';
      this.setPager(false, this.cursors.length > 1);
      return;
    }
    clearStatus(this.status);
    const first = page.edges[0].node.rank;
    const last = page.edges[page.edges.length - 1].node.rank;
    this.position.textContent = `Ranks ${first}–${last} of ${page.totalCount}`;
    this.table.replaceChildren(boardTable(page.edges.map((edge) => edge.node), this.caption));
    this.setPager(page.pageInfo.hasNextPage, this.cursors.length > 1);
  }

  private setPager(hasNext: boolean, hasPrevious = false): void {
    this.next.disabled = !hasNext;
    this.previous.disabled = !hasPrevious;
  }
}
