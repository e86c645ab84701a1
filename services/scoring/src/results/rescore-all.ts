import { DataSource, MoreThan } from 'typeorm';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { rescore } from './rescore';
import { ZoneSurvivalResultEntity } from './zone-survival-result.entity';

const RESCORE_BATCH = 1_000;

export interface RescoreOutcome {
  readonly examined: number;
  readonly changed: number;
  /** Results that no longer score under the current catalogue; they keep their score and version. */
  readonly unscorable: number;
}

/**
 * Scores every result whose score version is not the current one. Run again,
 * it finds nothing stale and changes nothing.
 */
export async function rescoreAll(data: DataSource, rules: ZoneSurvivalRules, progress: (fraction: number) => Promise<void>): Promise<RescoreOutcome> {
  const repository = data.getRepository(ZoneSurvivalResultEntity);
  const total = await repository.count();
  let examined = 0;
  let changed = 0;
  let unscorable = 0;
  let lastId = '';
  for (;;) {
    const batch = await repository.find({ where: { id: MoreThan(lastId) }, order: { id: 'ASC' }, take: RESCORE_BATCH });
    if (batch.length === 0) break;
    for (const row of batch) {
      if (row.scoreVersion === rules.scoreVersion) continue;
      const next = rescore(row, rules.content, rules.scoreVersion, (input, content) => rules.score(input, content));
      if (!next) {
        unscorable += 1;
        continue;
      }
      await repository.update({ id: row.id }, next);
      if (next.score !== row.score || next.verified !== row.verified || next.victory !== row.victory) changed += 1;
    }
    examined += batch.length;
    lastId = batch[batch.length - 1].id;
    await progress(examined / Math.max(total, 1));
  }
  return { examined, changed, unscorable };
}
