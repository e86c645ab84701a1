import { graphql, onRateLimitStanding } from './api.js';
import { AroundMeSection } from './around-me-section.js';
import { BoardSection } from './board-section.js';
import { ChallengeSection } from './challenge-section.js';
import { byId, showStatus } from './dom.js';
import { describeFailure, describeGraphQLError } from './messages.js';
import { CATALOGUE, ZONE_SURVIVAL_GAME_ID, ZoneSurvivalCatalogue } from './operations.js';

/**
 * The community leaderboard page: wires the three sections to the public
 * API. Each section asks for its own data, so a refusal or an outage in one
 * leaves the others working.
 */

/** At this share of the minute's allowance left (or the last request), the page says so before the gateway refuses. */
const LOW_ALLOWANCE = 0.1;

function showAllowance(): void {
  const line = byId('rate-limit');
  onRateLimitStanding(({ limit, remaining, resetSeconds }) => {
    line.dataset.remaining = String(remaining);
    line.textContent =
      remaining <= Math.max(1, limit * LOW_ALLOWANCE)
        ? `Slow down: ${remaining} of ${limit} requests left this minute (resets in ${resetSeconds} s).`
        : `${remaining} of ${limit} requests left this minute.`;
  });
}

async function loadCatalogue(): Promise<ZoneSurvivalCatalogue | null> {
  const status = byId('catalogue-status');
  try {
    const answer = await graphql<{ game: ZoneSurvivalCatalogue | null }>(CATALOGUE, { gameId: ZONE_SURVIVAL_GAME_ID });
    if (answer.data?.game) {
      byId('game-name').textContent = answer.data.game.name;
      return { ...answer.data.game, maps: answer.data.game.maps.filter((map) => map.id) };
    }
    const error = answer.errors[0];
    showStatus(status, 'error', `Scenario and Map names are unavailable. ${error ? describeGraphQLError(error) : ''}`);
  } catch (failure) {
    showStatus(status, 'error', `Scenario and Map names are unavailable. ${describeFailure(failure)}`);
  }
  return null;
}

async function start(): Promise<void> {
  showAllowance();
  const boards = new BoardSection();
  const aroundMe = new AroundMeSection();
  const challenge = new ChallengeSection();
  boards.onSelection((selection) => aroundMe.show(selection));
  const catalogue = await loadCatalogue();
  boards.useCatalogue(catalogue);
  challenge.useCatalogue(catalogue);
  boards.start();
  challenge.start();
}

void start();
