import { contentLibrary } from '@scriptbook/content';
import { BadUserInputError } from '@scriptbook/platform';
import { scoreInputOf } from '../results/rescore';
import { BLIZZARD, bossHuntVictory, CAMP, FLOODED, knownCardsVictory, PSIONIC_ATTACK, SCATTERED_ARTIFACTS, THICKET, WALL_COLLAPSED, WORKSHOP } from '../results/submission.spec-fixtures';
import { checkSubmission } from './check-submission';
import { ZoneSurvivalRules } from './zone-survival-rules';

const rules = new ZoneSurvivalRules(contentLibrary());
const score = (content: typeof rules.content) => (input: Parameters<typeof rules.score>[0]) => rules.score(input, content);

function refusal(run: () => unknown): { field: string; rule: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof BadUserInputError) return { field: error.details.field!, rule: error.details.rule! };
    throw error;
  }
  throw new Error('accepted');
}

describe('checking a Zone Survival submission', () => {
  it('refuses two Setup cards with the same printed tag', () => {
    const cards = new Map(rules.content.cards);
    cards.set(CAMP, { ...cards.get(CAMP)!, tags: ['Enviro'] });
    const content = { ...rules.content, cards };
    expect(refusal(() => checkSubmission(content, bossHuntVictory(), null, (c) => score(c)(scoreInputOf(bossHuntVictory()))))).toEqual({
      field: 'input.cardIds',
      rule: 'distinct-setup-tags',
    });
  });

  it('holds the Event deck to the size the Scenario prints for the Stalker count', () => {
    // Recon in Force: "Draw 11 – [Stalker count icon] random cards", 9 for two Stalkers.
    const input = bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:recon-in-force' });
    expect(refusal(() => checkSubmission(rules.content, input, null, (c) => score(c)(scoreInputOf(input))))).toEqual({ field: 'input.cardIds', rule: 'event-deck-size' });
    const tooLong = bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:recon-in-force', roundsPlayed: 10 });
    expect(refusal(() => checkSubmission(rules.content, tooLong, null, (c) => score(c)(scoreInputOf(tooLong))))).toEqual({ field: 'input.roundsPlayed', rule: 'event-deck-size' });
  });

  it('refuses a challenge submission that leaves out a Setup card the challenge drew', () => {
    const input = bossHuntVictory();
    const terms = { id: 'stalker-zs:daily:2026-11-30', scenarioId: input.scenarioId, mapId: input.mapId, stalkerCount: 2, setupCardIds: [THICKET, 'stalker-zs:card:setup:toxic-cloud'], eventCardIds: null };
    expect(refusal(() => checkSubmission(rules.content, input, terms, (c) => score(c)(scoreInputOf(input))))).toEqual({ field: 'input.cardIds', rule: 'challenge-setup' });
  });

  it('accepts a defeat without declarations for catalogue cards whose modifiers are unknown', () => {
    const input = bossHuntVictory(0, { objectiveMet: false, declaredCards: [{ cardId: 'stalker-zs:card:setup:mysterious-cave', cardType: 'setup', plus: 0, minus: 0 }] });
    expect(input.cardIds).toContain(FLOODED);
    expect(checkSubmission(rules.content, input, null, (c) => score(c)(scoreInputOf(input)))).toMatchObject({ victory: false, score: null });
  });

  it('verifies a result made only of cards whose modifiers the catalogue knows, under either name of a card', () => {
    const input = knownCardsVictory();
    const checked = checkSubmission(rules.content, input, null, (c) => score(c)(scoreInputOf(input)));
    expect(checked).toMatchObject({ victory: true, score: 18, verified: true, breakdown: { minusIcons: 4, plusIcons: 6 } });
    const sources = Object.fromEntries(checked.breakdown!.cards.map((card) => [card.cardId, card.source]));
    expect(sources).toMatchObject({ [WORKSHOP]: 'PRINTED', [PSIONIC_ATTACK]: 'PRINTED', [SCATTERED_ARTIFACTS]: 'PRINTED', [WALL_COLLAPSED]: 'INFERRED', [CAMP]: 'INFERRED' });
  });

  it('refuses one card under two of its names, a declaration for a card the catalogue scores, and a type it cannot have', () => {
    const twice = knownCardsVictory({ cardIds: [...knownCardsVictory().cardIds, WORKSHOP] });
    expect(refusal(() => checkSubmission(rules.content, twice, null, (c) => score(c)(scoreInputOf(twice))))).toEqual({ field: 'input.cardIds[8]', rule: 'unique' });
    const declared = knownCardsVictory({ declaredCards: [{ cardId: 'stalker-zs:card:setup:workshop', cardType: 'setup', plus: 0, minus: 3 }] });
    expect(refusal(() => checkSubmission(rules.content, declared, null, (c) => score(c)(scoreInputOf(declared))))).toEqual({ field: 'input.declaredCards[0].cardId', rule: 'modifier-known' });
  });

  it('counts a card of unknown type towards the Setup cards only where the count is short', () => {
    // Five Setup cards by name: Thicket, Camp, Workshop, and two named from the Setup deck.
    const five = knownCardsVictory({
      cardIds: [THICKET, CAMP, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:the-wall-collapsed', 'stalker-zs:card:setup:scattered-artifacts', BLIZZARD],
    });
    expect(refusal(() => checkSubmission(rules.content, five, null, (c) => score(c)(scoreInputOf(five))))).toEqual({ field: 'input.cardIds', rule: 'setup-card-count' });
    // Two Setup cards and one of unknown type cannot make four.
    const three = knownCardsVictory({ cardIds: [THICKET, CAMP, WALL_COLLAPSED, BLIZZARD] });
    expect(refusal(() => checkSubmission(rules.content, three, null, (c) => score(c)(scoreInputOf(three))))).toEqual({ field: 'input.cardIds', rule: 'setup-card-count' });
  });

  it('gives the worked example of docs/scoring.md: Gather Supplies, 20,500 K collected by two Stalkers, scores 22', () => {
    const input = bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:gather-supplies', objectiveMet: null, collectedValue: 20_500 });
    const checked = checkSubmission(rules.content, input, null, (c) => score(c)(scoreInputOf(input)));
    expect(checked).toMatchObject({ victory: true, score: 22, verified: false, breakdown: { minusIcons: 2, plusIcons: 2, valueBonus: 2 } });
  });
});
