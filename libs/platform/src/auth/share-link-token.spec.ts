import { BaseConfig } from '../config/config';
import { TEST_JWT_SECRET } from '../testing/test-environment';
import { playerOf } from './current-player.decorator';
import { isShareLinkPrincipal, shareLinkCredentialsOf, ShareLinkDirectory, shareLinkPrincipal, shareLinkToken } from './share-link-token';
import { TokenService, Viewer } from './token.service';

const config = { JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '15m' } as BaseConfig;
const credentials = { linkId: '01JSHARELINK', secret: 'q3Zt1s0Cq1m9m4H6cR4r3wX0yN8b2V7kP5jL1fA9eDg' };
const bearer = `Bearer ${shareLinkToken(credentials)}`;

/** What a field asking with these options makes of the caller: the caller, or the refusal's code and extensions. */
function asField(viewer: Viewer, options: { shareLink?: boolean; optional?: boolean } = {}) {
  try {
    return { caller: playerOf({ viewer }, options as { optional?: false }) };
  } catch (error) {
    const refused = error as { code: string; details: Record<string, unknown> };
    return { refused: { code: refused.code, ...refused.details } };
  }
}

describe('share link tokens', () => {
  it('are told apart from access tokens by their form alone', () => {
    expect(shareLinkCredentialsOf(shareLinkToken(credentials))).toEqual(credentials);
    const jwt = new TokenService(config).issue('player-1').accessToken;
    for (const other of [jwt, 'share-link.only-two', 'share-link..secret', 'share-link.a.b.c', 'other.a.b', `share-link.${'x'.repeat(129)}.s`, 'share-link.a b.c']) {
      expect(shareLinkCredentialsOf(other)).toBeNull();
    }
  });

  it('in a service that issues none, are refused for every field, even one that takes share links, and no other token changes', async () => {
    const tokens = new TokenService(config);
    const viewer = await tokens.viewerOf(bearer);
    expect(viewer).toEqual({
      kind: 'share-link',
      playerId: shareLinkPrincipal(credentials.linkId),
      sessionId: shareLinkPrincipal(credentials.linkId),
      shareLink: { linkId: credentials.linkId, campaignId: null },
    });
    const scope = { refused: { code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' } };
    expect(asField(viewer)).toEqual(scope);
    expect(asField(viewer, { optional: true })).toEqual(scope);
    expect(asField(viewer, { shareLink: true })).toEqual(scope);
    const player = await tokens.viewerOf(`Bearer ${tokens.issue('player-2', 'session-2').accessToken}`);
    expect(asField(player, { shareLink: true })).toEqual({ caller: { playerId: 'player-2', sessionId: 'session-2' } });
    expect(await tokens.viewerOf('Bearer share-link.only-two')).toEqual({ kind: 'invalid', reason: 'the access token is not valid' });
  });

  it('in the service that issued them, open their campaign where a field takes share links and nothing else, and stop when the link does', async () => {
    const links = new Map([[credentials.linkId, { secret: credentials.secret, campaignId: 'campaign-7' }]]);
    const directory: ShareLinkDirectory = {
      campaignOf: async ({ linkId, secret }) => (links.get(linkId)?.secret === secret ? links.get(linkId)!.campaignId : null),
    };
    const tokens = new TokenService(config, undefined, undefined, directory);
    const granted = await tokens.grantOf(bearer);
    expect(granted.viewer).toMatchObject({ kind: 'share-link', shareLink: { linkId: credentials.linkId, campaignId: 'campaign-7' } });
    expect(granted.grant).toMatchObject({ playerId: shareLinkPrincipal(credentials.linkId), sessionId: shareLinkPrincipal(credentials.linkId) });
    expect(isShareLinkPrincipal(granted.grant!.playerId)).toBe(true);
    expect(isShareLinkPrincipal('player-2')).toBe(false);
    expect(asField(granted.viewer)).toEqual({ refused: { code: 'FORBIDDEN', field: 'authorization', rule: 'share-link-scope' } });
    expect(asField(granted.viewer, { shareLink: true })).toEqual({
      caller: { playerId: shareLinkPrincipal(credentials.linkId), sessionId: shareLinkPrincipal(credentials.linkId), shareLink: { linkId: credentials.linkId, campaignId: 'campaign-7' } },
    });

    const wrongSecret = await tokens.viewerOf(`Bearer ${shareLinkToken({ ...credentials, secret: 'not-its-secret' })}`);
    links.delete(credentials.linkId);
    const revoked = await tokens.viewerOf(bearer);
    for (const viewer of [wrongSecret, revoked]) {
      expect(viewer).toEqual({ kind: 'invalid', reason: 'the share link was revoked or does not exist' });
      expect(asField(viewer, { shareLink: true })).toEqual({ refused: { code: 'UNAUTHENTICATED', field: 'authorization', rule: 'share-link-revoked' } });
    }
  });
});
