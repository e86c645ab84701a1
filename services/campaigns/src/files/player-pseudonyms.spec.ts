import type { BaseConfig } from '@scriptbook/platform';
import { isPseudonym, PlayerPseudonyms } from './player-pseudonyms';

const under = (secret: string) => new PlayerPseudonyms({ JWT_SECRET: secret } as BaseConfig);

describe('pseudonyms in campaign files', () => {
  const pseudonyms = under('a-server-secret-of-at-least-thirty-two-chars');

  it('names one player in one campaign the same way every time, and differently in another campaign', () => {
    const once = pseudonyms.of('campaign-1', 'player-ben');
    expect(once).toMatch(/^anon-[A-Za-z0-9_-]{22}$/);
    expect(pseudonyms.of('campaign-1', 'player-ben')).toBe(once);
    expect(pseudonyms.of('campaign-2', 'player-ben')).not.toBe(once);
    expect(pseudonyms.of('campaign-1', 'player-cleo')).not.toBe(once);
  });

  it('depends on the server’s secret, so nobody without it can tell who a pseudonym is', () => {
    expect(under('another-server-secret-of-thirty-two-chars').of('campaign-1', 'player-ben')).not.toBe(pseudonyms.of('campaign-1', 'player-ben'));
  });

  it('keeps a pseudonym as it is, so a campaign imported from a file names those players the same way', () => {
    const pseudonym = pseudonyms.of('campaign-1', 'player-ben');
    expect(isPseudonym(pseudonym)).toBe(true);
    expect(pseudonyms.of('campaign-2', pseudonym)).toBe(pseudonym);
    expect(isPseudonym('player-ben')).toBe(false);
  });
});
