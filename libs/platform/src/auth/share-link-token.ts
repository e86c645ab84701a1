/**
 * Read-only share links: a bearer token of the campaigns service that reads
 * and follows one campaign and does nothing else. It is not a JWT: it has
 * no player, is revocable at once, and lives as long as its link, so its
 * secret is a random string the issuing service keeps only hashed and checks
 * against its own table. Every service's TokenService knows the form, so
 * every subgraph refuses it (FORBIDDEN, rule `share-link-scope`) for any
 * field that needs a player, without asking the service that issued it.
 */
export const SHARE_LINK_TOKEN_PREFIX = 'share-link';

/** The link's own id and its secret, as the token carries them: `share-link.<linkId>.<secret>`. */
export interface ShareLinkCredentials {
  readonly linkId: string;
  readonly secret: string;
}

/** The service that issued share links (campaigns) answers which campaign a link's token opens; TokenService asks it when one is provided. */
export const SHARE_LINK_DIRECTORY = Symbol('SHARE_LINK_DIRECTORY');

export interface ShareLinkDirectory {
  /** The campaign the link opens, or null when the link is unknown, revoked or the secret is not its own. */
  campaignOf(credentials: ShareLinkCredentials): Promise<string | null>;
}

/** `extensions.rule` when a share link's token is sent for anything but reading and following its campaign. */
export const SHARE_LINK_SCOPE_RULE = 'share-link-scope';

const PART = /^[A-Za-z0-9_-]{1,128}$/;

export function shareLinkToken(credentials: ShareLinkCredentials): string {
  return `${SHARE_LINK_TOKEN_PREFIX}.${credentials.linkId}.${credentials.secret}`;
}

/** The credentials of a bearer token of the share-link form, or null for any other token (a JWT starts with its header, never with the prefix). */
export function shareLinkCredentialsOf(token: string): ShareLinkCredentials | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== SHARE_LINK_TOKEN_PREFIX || !PART.test(parts[1]) || !PART.test(parts[2])) return null;
  return { linkId: parts[1], secret: parts[2] };
}

/**
 * The id a share link's live stream is watched under, as a session is: the
 * link's revocation is published as this session's, so a stream following
 * the campaign with it ends the way a signed-out session's does. It can
 * never be a player's or a session's id, which are not of this form.
 */
export function shareLinkPrincipal(linkId: string): string {
  return `${SHARE_LINK_TOKEN_PREFIX}:${linkId}`;
}

/** Whether an id is a share link's principal rather than a player's. */
export function isShareLinkPrincipal(id: string): boolean {
  return id.startsWith(`${SHARE_LINK_TOKEN_PREFIX}:`);
}
