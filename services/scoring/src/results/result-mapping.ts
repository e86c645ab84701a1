import { RankedResult } from '../boards/board-keys';
import { ZoneSurvivalResultEntity } from './zone-survival-result.entity';
import { ZoneSurvivalResult } from './zone-survival-result.model';

export function toResult(row: ZoneSurvivalResultEntity): ZoneSurvivalResult {
  return {
    id: row.id,
    player: { id: row.playerId },
    scenarioId: row.scenarioId,
    mapId: row.mapId,
    stalkerCount: row.stalkerCount,
    roundsPlayed: row.roundsPlayed,
    victory: row.victory,
    score: row.score,
    verified: row.verified,
    breakdown: row.breakdown ? JSON.parse(row.breakdown) : null,
    challengeId: row.challengeId,
    visible: row.hiddenAt === null,
    recordedAt: row.createdAt,
  };
}

/** A result as the boards see it; null when it belongs on none (a defeat, or hidden). */
export function toRanked(row: ZoneSurvivalResultEntity): RankedResult | null {
  if (!row.victory || row.score === null || row.hiddenAt !== null) return null;
  return {
    id: row.id,
    playerId: row.playerId,
    scenarioId: row.scenarioId,
    mapId: row.mapId,
    stalkerCount: row.stalkerCount,
    roundsPlayed: row.roundsPlayed,
    score: row.score,
    verified: row.verified,
    challengeId: row.challengeId,
    createdAt: row.createdAt,
  };
}
