/**
 * Small DOM helpers. Every text goes in through `textContent`, never as
 * HTML, so player names, campaign state and API messages cannot inject
 * markup.
 */

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
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

/**
 * Puts one message in a section's message area. The area itself is a live
 * region in the page (`role="status"` or `role="alert"`), so a screen
 * reader hears each new message; `kind` styles it.
 */
export function say(target: HTMLElement, kind: 'error' | 'info' | 'ok', text: string): void {
  target.replaceChildren(el('p', { class: `message message-${kind}` }, text));
}

export function clear(target: HTMLElement): void {
  target.replaceChildren();
}

/** Shows or hides a part of the page. */
export function show(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}
