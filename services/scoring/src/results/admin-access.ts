import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AuthenticatedPlayer, DomainError, ErrorCode } from '@scriptbook/platform';
import { ScoringConfig } from '../scoring.config';

/**
 * Who may moderate results and start board maintenance: the players listed
 * in SCORING_ADMIN_PLAYER_IDS. A deployment setting rather than an accounts
 * role, so granting it needs no change to tokens and takes effect on restart.
 */
@Injectable()
export class AdminAccess {
  constructor(@Inject(APP_CONFIG) private readonly config: ScoringConfig) {}

  require(player: AuthenticatedPlayer): void {
    if (!this.config.SCORING_ADMIN_PLAYER_IDS.includes(player.playerId)) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only a scoring administrator may do this', { rule: 'scoring-admin' });
    }
  }
}
