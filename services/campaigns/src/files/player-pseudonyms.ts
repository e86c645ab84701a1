import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, BaseConfig } from '@scriptbook/platform';

/** What every pseudonym starts with; no player id does, so a pseudonym read back from an imported campaign stays one. */
export const PSEUDONYM_PREFIX = 'anon-';

/**
 * Stable pseudonyms of players in a campaign's files: an HMAC-SHA256 of the
 * campaign and the player under a key of the server's own, so every export
 * of one campaign names a member the same way, two campaigns' files cannot
 * be joined on it, and nobody without the key can tell who it is. The key
 * is derived from JWT_SECRET (a server secret every campaigns replica
 * shares) under a label of its own; changing JWT_SECRET changes the
 * pseudonyms of later exports.
 */
@Injectable()
export class PlayerPseudonyms {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: BaseConfig) {
    this.key = createHmac('sha256', config.JWT_SECRET).update('scriptbook campaign-file pseudonyms').digest();
  }

  of(campaignId: string, playerId: string): string {
    if (isPseudonym(playerId)) return playerId;
    return `${PSEUDONYM_PREFIX}${createHmac('sha256', this.key).update(`${campaignId}\n${playerId}`).digest('base64url').slice(0, 22)}`;
  }
}

export const isPseudonym = (player: string) => player.startsWith(PSEUDONYM_PREFIX);
