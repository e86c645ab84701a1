import { el, formatUtc } from './dom.js';
import { LeaderboardEntry } from './operations.js';

/**
 * A board's entries as a table: rank, player, score, whether every card's
 * modifier came from the catalogue, and when it was recorded (hidden on
 * narrow screens by the stylesheet). `highlightPlayerId` marks the reader.
 */
export function boardTable(entries: readonly LeaderboardEntry[], caption: string, highlightPlayerId?: string): HTMLTableElement {
  const head = el(
    'thead',
    {},
    el(
      'tr',
      {},
      el('th', { scope: 'col', class: 'rank' }, 'Rank'),
      el('th', { scope: 'col' }, 'Player'),
      el('th', { scope: 'col', class: 'score' }, 'Score'),
      el('th', { scope: 'col', class: 'verified' }, 'Checked'),
      el('th', { scope: 'col', class: 'recorded' }, 'Recorded'),
    ),
  );
  const rows = entries.map((entry) => {
    const row = el(
      'tr',
      { 'data-player-id': entry.player.id, 'data-rank': String(entry.rank) },
      el('td', { class: 'rank' }, String(entry.rank)),
      el('td', { class: 'player' }, entry.player.displayName),
      el('td', { class: 'score' }, String(entry.score)),
      el(
        'td',
        { class: 'verified', title: 'Verified: every card’s modifier came from the catalogue. Declared: the players gave some modifiers.' },
        entry.result ? (entry.result.verified ? 'verified' : 'declared') : '–',
      ),
      el('td', { class: 'recorded' }, entry.result ? formatUtc(entry.result.recordedAt) : '–'),
    );
    if (entry.player.id === highlightPlayerId) row.classList.add('me');
    return row;
  });
  return el('table', { class: 'board' }, el('caption', {}, caption), head, el('tbody', {}, ...rows));
}
