import { graphql } from './api.js';
import { byId, el } from './dom.js';
import { BOARD, LeaderboardPage, NamedItem, ZoneSurvivalCatalogue } from './operations.js';
import { PagedBoard } from './paged-board.js';
import { BoardSelection, boardInput, PAGE_SIZES, readSelection, selectionSearch } from './page-state.js';

/**
 * The board picker and the board it picks: Scenario and Map from the
 * content API, Stalker count, period, verified-only and page size. The
 * choice lives in the address, so reloading or sharing the link shows the
 * same board.
 */
export class BoardSection {
  private readonly form = byId<HTMLFormElement>('board-form');
  private readonly scenario = byId<HTMLSelectElement>('board-scenario');
  private readonly map = byId<HTMLSelectElement>('board-map');
  private readonly stalkers = byId<HTMLInputElement>('board-stalkers');
  private readonly period = byId<HTMLSelectElement>('board-period');
  private readonly verified = byId<HTMLInputElement>('board-verified');
  private readonly pageSize = byId<HTMLSelectElement>('board-page-size');
  private readonly board = new PagedBoard(byId('board-view'), 'Zone Survival leaderboard', 'No results on this board yet. Play a game and submit it to open the board.');
  private readonly listeners: ((selection: BoardSelection) => void)[] = [];
  selection: BoardSelection;

  constructor() {
    this.selection = readSelection(location.search);
    fillOptions(this.pageSize, PAGE_SIZES.map((size) => ({ id: String(size), name: `${size} per page` })));
    this.writeForm();
    this.form.addEventListener('change', () => this.readForm());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.readForm();
    });
  }

  /** Called with every new selection, the first one included once `start` runs. */
  onSelection(listener: (selection: BoardSelection) => void): void {
    this.listeners.push(listener);
  }

  /** Offers the catalogue's Scenarios and Maps; without it only the overall choices stay. */
  useCatalogue(catalogue: ZoneSurvivalCatalogue | null): void {
    fillOptions(this.scenario, catalogue?.scenarios ?? [], 'All Scenarios');
    fillOptions(this.map, catalogue?.maps ?? [], 'All Maps');
    this.writeForm();
  }

  start(): void {
    this.apply();
  }

  private readForm(): void {
    const stalkers = this.stalkers.value.trim();
    this.selection = {
      board: {
        scenarioId: this.scenario.value || undefined,
        mapId: this.map.value || undefined,
        stalkerCount: stalkers === '' ? undefined : Number(stalkers),
      },
      period: this.period.value as BoardSelection['period'],
      verifiedOnly: this.verified.checked,
      pageSize: Number(this.pageSize.value),
    };
    history.replaceState(null, '', `${location.pathname}${selectionSearch(this.selection)}`);
    this.apply();
  }

  private writeForm(): void {
    selectValue(this.scenario, this.selection.board.scenarioId, 'Scenario');
    selectValue(this.map, this.selection.board.mapId, 'Map');
    this.stalkers.value = this.selection.board.stalkerCount === undefined ? '' : String(this.selection.board.stalkerCount);
    this.period.value = this.selection.period;
    this.verified.checked = this.selection.verifiedOnly;
    selectValue(this.pageSize, String(this.selection.pageSize), 'page size');
  }

  private apply(): void {
    const { board, period, verifiedOnly, pageSize } = this.selection;
    void this.board.show((after) =>
      graphql<{ leaderboard: LeaderboardPage | null }>(BOARD, { board: boardInput(board), period, verifiedOnly, first: pageSize, after }).then(
        (answer) => ({ data: answer.data?.leaderboard ?? null, errors: answer.errors }),
      ),
    );
    for (const listener of this.listeners) listener(this.selection);
  }
}

/** Replaces a select's options; `anyLabel` adds the leading "no key" choice. */
export function fillOptions(select: HTMLSelectElement, items: readonly NamedItem[], anyLabel?: string): void {
  const options = items.map((item) => el('option', { value: item.id }, item.name));
  select.replaceChildren(...(anyLabel ? [el('option', { value: '' }, anyLabel)] : []), ...options);
}

/** Selects `value`, adding it as its own option when the list lacks it (a link naming an id the catalogue does not hold). */
function selectValue(select: HTMLSelectElement, value: string | undefined, what: string): void {
  const wanted = value ?? '';
  if (![...select.options].some((option) => option.value === wanted)) {
    select.append(el('option', { value: wanted }, `Unlisted ${what}: ${wanted}`));
  }
  select.value = wanted;
}
