import { contentLibrary } from '@scriptbook/content';
import { ZoneSurvivalRules } from '../zone-survival/zone-survival-rules';
import { rescore } from './rescore';
import { BLIZZARD, bossHuntVictory, CAMP, CAVE, CRITICAL_SHOT, FLOODED, THICKET } from './submission.spec-fixtures';
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

  it('scores from the catalogue a card once declared under a deck-qualified name, so the result becomes verified', () => {
    // Stored when the catalogue did not know Workshop: the player declared it, with the icons the seed prints.
    const stored = bossHuntVictory(0, {
      cardIds: [THICKET, CAMP, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:the-wall-collapsed', BLIZZARD, CRITICAL_SHOT],
      declaredCards: [
        { cardId: 'stalker-zs:card:setup:workshop', cardType: 'setup', plus: 1, minus: 0 },
        { cardId: 'stalker-zs:card:setup:the-wall-collapsed', cardType: 'setup', plus: 1, minus: 0 },
      ],
    });
    const next = rescore({ input: JSON.stringify(stored) } as ZoneSurvivalResultEntity, rules.content, 'v5', score)!;
    // 20 + (Thicket 1 + Blizzard 1) − (Critical Shot 2 + Workshop 1 + The Wall Collapsed 1).
    expect(next).toMatchObject({ score: 18, verified: true });
    expect(JSON.parse(next.breakdown!).cards).toEqual(
      expect.arrayContaining([
        { cardId: 'stalker-zs:card:workshop', plus: 1, minus: 0, source: 'PRINTED' },
        { cardId: 'stalker-zs:card:the-wall-collapsed', plus: 1, minus: 0, source: 'INFERRED' },
      ]),
    );
  });

  it('leaves a result alone when the catalogue can no longer score it', () => {
    const cards = new Map(rules.content.cards);
    cards.delete('stalker-zs:card:event:blizzard');
    expect(rescore(row, { ...rules.content, cards }, 'v4', score)).toBeNull();
  });
});
