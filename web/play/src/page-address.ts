/**
 * The open campaign lives in the address (`/play/?campaign=<id>`), so a
 * reload, online or not, reopens it from the device's outbox, and a link
 * opens it on another device of the group. A read-only share link adds its
 * token (`&share=<token>`): the screen then watches that campaign as a
 * spectator, with no sign-in. Pure, unit-tested in Node.
 */

/** The campaign id the address names, or null. */
export function campaignInAddress(search: string): string | null {
  const id = new URLSearchParams(search).get('campaign')?.trim();
  return id ? id : null;
}

/** The address of the screen with `id` open (null: none), other parameters kept. */
export function addressWithCampaign(href: string, id: string | null): string {
  const url = new URL(href);
  if (id) url.searchParams.set('campaign', id);
  else url.searchParams.delete('campaign');
  return `${url.pathname}${url.search}`;
}

/** The share link's token the address carries, or null: with one, the screen is a spectator's. */
export function shareInAddress(search: string): string | null {
  const token = new URLSearchParams(search).get('share')?.trim();
  return token ? token : null;
}

/** The spectator's address of a campaign: what a member hands to a screen at the table with a share link's token. */
export function spectatorAddress(origin: string, campaignId: string, token: string): string {
  const url = new URL('/play/', origin);
  url.searchParams.set('campaign', campaignId);
  url.searchParams.set('share', token);
  return url.href;
}
