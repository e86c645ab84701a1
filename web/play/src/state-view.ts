import { el } from './dom';
import { labelOf } from './schema-form';

/**
 * A campaign state as the game's model holds it, drawn as nested lists:
 * objects as term and value, lists in order, empty ones said to be empty.
 * The page knows no game's state; it shows whatever the model keeps.
 */
export function stateView(value: unknown): HTMLElement {
  if (Array.isArray(value)) {
    if (value.length === 0) return el('span', { class: 'empty' }, 'none');
    return el('ol', {}, ...value.map((item) => el('li', {}, stateView(item))));
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return el('span', { class: 'empty' }, 'none');
    const list = el('dl', {});
    for (const [key, item] of entries) list.append(el('dt', {}, labelOf(key)), el('dd', { 'data-key': key }, stateView(item)));
    return list;
  }
  if (value === null) return el('span', { class: 'empty' }, '—');
  return el('span', {}, String(value));
}
