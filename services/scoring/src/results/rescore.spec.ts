import { contentLibrary } from '@scriptbook/content';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { rescore } from './rescore';
import { bossHuntVictory, CAVE, FLOODED } from './submission.spec-fixtures';
import { ZoneSurvivalResultEntity } from './zone-survival-result.entity';

describe('rescoring a stored result', () => {
  const rules = new ZoneSurvivalRules(contentLibrary());
  const row = { input: JSON.stringify(bossHuntVictory(3)) } as ZoneSurvivalResultEntity;
  const score = rules.score.bind(rules);

  it('gives the score the submission got, under unchanged rules', () => {
    expect(rescore(row, rules.content, 'v2', score)).toMatchObject({ victory: true, score: 23, verified: false, scoreVersion: 'v2' });
  });

  it('scores from the catalogue the cards it has learned since, and a result of only known cards becomes verified', () => {
    const cards = new Map(rules.content.cards);
    for (const [id, minus] of [[FLOODED, 2], [CAVE, 0]] as const) {
      cards.set(id, { ...cards.get(id)!, scoreModifier: { plus: 1, minus, basis: 'printed', reasoning: null } });
    }
    const learned = { ...rules.content, cards };
    // 20 + (Thicket 1 + Blizzard 1 + Flooded Room 2) − (Critical Shot 2 + Flooded Room 1 + Mysterious Cave 1).
    const next = rescore(row, learned, 'v3', score)!;
    expect(next).toMatchObject({ score: 20, verified: true });
    expect(JSON.parse(next.breakdown!).cards.every((c: { source: string }) => c.source !== 'DECLARED')).toBe(true);
  });

  it('leaves a result alone when the catalogue can no longer score it', () => {
    const cards = new Map(rules.content.cards);
    cards.delete('stalker-zs:card:event:blizzard');
    expect(rescore(row, { ...rules.content, cards }, 'v4', score)).toBeNull();
  });
});
