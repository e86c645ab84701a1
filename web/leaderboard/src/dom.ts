/**
 * Small DOM helpers. Every text goes in through `textContent`, never as
 * HTML, so player names and API messages cannot inject markup.
 */

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** Shows one message in a section's status line; `kind` styles it (`error`, `empty`, `info`). */
export function showStatus(target: HTMLElement, kind: 'error' | 'empty' | 'info', text: string): void {
  target.replaceChildren(el('p', { class: `status status-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text));
}

export function clearStatus(target: HTMLElement): void {
  target.replaceChildren();
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment from the API, in UTC as the boards' periods are. */
export function formatUtc(iso: string): string {
  return `${DATE_TIME.format(new Date(iso))} UTC`;
}

/** Today's date in UTC, as the daily challenge counts days. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
