import * as fs from 'node:fs';
import * as path from 'node:path';
import { RuleInputError, runProcedure, StreamStart } from '@scriptbook/rules-engine';
import { BoundRules } from '../../game-scoring';
import { zoneSurvivalProcedures } from '../rules';
import { bindZsContent, ZsContent } from '../rules/zs.bind';
import { loadZsPack, ZS_PACK_DIR } from '../testing/zs-test-pack';
import {
  BLIZZARD,
  bossHuntVictory,
  CAMP,
  CAVE,
  CRITICAL_SHOT,
  FLOODED,
  knownCardsVictory,
  printedCardsVictory,
  PSIONIC_ATTACK,
  SCATTERED_ARTIFACTS,
  THICKET,
  WALL_COLLAPSED,
  WORKSHOP,
} from '../testing/zs-submissions';
import { zoneSurvivalScoring, zoneSurvivalScoringRules } from './zs-scoring';
import { ZsChallenge } from './zs-scoring.schemas';

const content = bindZsContent(loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8')));
const LIMITS = { maxScore: 2047 };

/** The game host's binding, as far as scoring uses it: every procedure on the one content. */
function boundOver(bound: ZsContent): BoundRules {
  return {
    contentOf: () => bound,
    run: (procedureId: string, input: unknown, start: StreamStart) => runProcedure(zoneSurvivalProcedures.find((p) => p.id === procedureId)! as never, input, start, bound),
  };
}

const rulesOver = (bound: ZsContent) => zoneSurvivalScoringRules(bound, boundOver(bound), LIMITS);
const rules = zoneSurvivalScoring.bind(boundOver(content), LIMITS);

function refusal(run: () => unknown): { field: string; rule: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleInputError) return { field: error.field, rule: error.rule };
    throw error;
  }
  throw new Error('accepted');
}

describe('checking and scoring a Zone Survival submission', () => {
  it('refuses two Setup cards with the same printed tag', () => {
    const cards = new Map(content.cards);
    cards.set(CAMP, { ...cards.get(CAMP)!, tags: ['Enviro'] });
    expect(refusal(() => rulesOver({ ...content, cards }).check(bossHuntVictory(), null))).toEqual({ field: 'cardIds', rule: 'distinct-setup-tags' });
  });

  it('holds the Event deck to the size the Scenario prints for the Stalker count', () => {
    // Recon in Force: "Draw 11 – [Stalker count icon] random cards", 9 for two Stalkers.
    expect(refusal(() => rules.check(bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:recon-in-force' }), null))).toEqual({ field: 'cardIds', rule: 'event-deck-size' });
    const tooLong = bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:recon-in-force', roundsPlayed: 10 });
    expect(refusal(() => rules.check(tooLong, null))).toEqual({ field: 'roundsPlayed', rule: 'event-deck-size' });
  });

  it('refuses a challenge submission that leaves out a Setup card the challenge drew', () => {
    const input = bossHuntVictory();
    const terms = { id: 'stalker-zs:daily:2026-11-30', scenarioId: input.scenarioId, mapId: input.mapId, stalkerCount: 2, setupCardIds: [THICKET, 'stalker-zs:card:setup:toxic-cloud'], eventCardIds: null, setup: {} };
    expect(refusal(() => rules.check(input, terms))).toEqual({ field: 'cardIds', rule: 'challenge-setup' });
  });

  it('accepts a defeat without declarations for catalogue cards whose modifiers are unknown', () => {
    const input = bossHuntVictory(0, { objectiveMet: false, declaredCards: [{ cardId: CAVE, cardType: 'setup', plus: 0, minus: 0 }] });
    expect(input.cardIds).toContain(FLOODED);
    expect(rules.check(input, null)).toEqual({ victory: false, score: null, verified: false, breakdown: null });
  });

  it('verifies a result made only of cards whose modifiers the seed prints, named by the deck they were drawn from', () => {
    const checked = rules.check(printedCardsVictory(), null);
    expect(checked).toMatchObject({ victory: true, score: 19, verified: true, breakdown: { minusIcons: 4, plusIcons: 5 } });
    expect(checked.breakdown!.cards.every((card) => card.source === 'PRINTED')).toBe(true);
  });

  it('scores a card whose modifier the catalogue infers but never counts the result as verified', () => {
    const checked = rules.check(knownCardsVictory(), null);
    expect(checked).toMatchObject({ victory: true, score: 18, verified: false, breakdown: { minusIcons: 4, plusIcons: 6 } });
    const sources = Object.fromEntries(checked.breakdown!.cards.map((card) => [card.cardId, card.source]));
    expect(sources).toMatchObject({ [WORKSHOP]: 'PRINTED', [PSIONIC_ATTACK]: 'PRINTED', [SCATTERED_ARTIFACTS]: 'PRINTED', [WALL_COLLAPSED]: 'INFERRED', [CAMP]: 'INFERRED' });
    // The Wall Collapsed alone among printed cards is enough to leave the result off verified boards.
    const wall = printedCardsVictory({ cardIds: [THICKET, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:psionic-attack', 'stalker-zs:card:setup:the-wall-collapsed', BLIZZARD, CRITICAL_SHOT] });
    expect(rules.check(wall, null)).toMatchObject({ score: 20, verified: false });
  });

  it('takes the players\' reading of a card whose modifier is only inferred, as a declared card', () => {
    const declared = printedCardsVictory({
      cardIds: [THICKET, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:psionic-attack', WALL_COLLAPSED, BLIZZARD, CRITICAL_SHOT],
      declaredCards: [{ cardId: WALL_COLLAPSED, cardType: 'setup', plus: 0, minus: 0 }],
    });
    const checked = rules.check(declared, null);
    // 20 + (Thicket 1 + Blizzard 1 + Psionic Attack 2) − (Workshop 1 + Critical Shot 2), The Wall Collapsed as declared.
    expect(checked).toMatchObject({ score: 21, verified: false });
    expect(checked.breakdown!.cards).toContainEqual({ cardId: WALL_COLLAPSED, plus: 0, minus: 0, source: 'DECLARED' });
  });

  it('refuses one card under two of its names, a declaration for a card the catalogue scores, and a type it cannot have', () => {
    const twice = knownCardsVictory({ cardIds: [...knownCardsVictory().cardIds, WORKSHOP] });
    expect(refusal(() => rules.check(twice, null))).toEqual({ field: 'cardIds[8]', rule: 'unique' });
    const declared = knownCardsVictory({ declaredCards: [{ cardId: 'stalker-zs:card:setup:workshop', cardType: 'setup', plus: 0, minus: 3 }] });
    expect(refusal(() => rules.check(declared, null))).toEqual({ field: 'declaredCards[0].cardId', rule: 'modifier-known' });
    const character = bossHuntVictory(0, { declaredCards: [{ cardId: FLOODED, cardType: 'character', plus: 0, minus: 0 }, { cardId: CAVE, cardType: 'setup', plus: 0, minus: 0 }] });
    expect(refusal(() => rules.check(character, null))).toEqual({ field: 'declaredCards[0].cardType', rule: 'card-type' });
  });

  it('counts a card of unknown type towards the Setup cards only where the count is short', () => {
    // Five Setup cards by name: Thicket, Camp, Workshop, and two named from the Setup deck.
    const five = knownCardsVictory({
      cardIds: [THICKET, CAMP, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:the-wall-collapsed', 'stalker-zs:card:setup:scattered-artifacts', BLIZZARD],
    });
    expect(refusal(() => rules.check(five, null))).toEqual({ field: 'cardIds', rule: 'setup-card-count' });
    // Two Setup cards and one of unknown type cannot make four.
    const three = knownCardsVictory({ cardIds: [THICKET, CAMP, WALL_COLLAPSED, BLIZZARD] });
    expect(refusal(() => rules.check(three, null))).toEqual({ field: 'cardIds', rule: 'setup-card-count' });
  });

  it('gives the worked example of docs/scoring.md: Gather Supplies, 20,500 K collected by two Stalkers, scores 22', () => {
    const input = bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:gather-supplies', objectiveMet: null, collectedValue: 20_500 });
    expect(rules.check(input, null)).toMatchObject({ victory: true, score: 22, verified: false, breakdown: { minusIcons: 2, plusIcons: 2, valueBonus: 2 } });
  });

  it('refuses a score beyond what a board ranks on the value that makes it, and names the engine\'s own refusals by field', () => {
    const huge = bossHuntVictory(0, { scenarioId: 'stalker-zs:scenario:gather-supplies', objectiveMet: null, collectedValue: 5_000_000 });
    expect(refusal(() => rules.check(huge, null))).toEqual({ field: 'collectedValue', rule: 'impossible-score' });
    expect(refusal(() => rules.check(bossHuntVictory(0, { requests: [] }), null))).toEqual({ field: 'requests', rule: 'required' });
    expect(refusal(() => rules.check(bossHuntVictory(0, { declaredCards: [{ cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 }] }), null))).toEqual({ field: 'declaredCards', rule: 'required' });
  });
});

describe('a card the Scripts name but the catalogue cannot score', () => {
  // Known by name only: Safe may be a Setup or an Event card, Kalyna is read as a Character card; neither modifier is printed.
  const SAFE = 'stalker-zs:card:safe';
  const KALYNA = 'stalker-zs:card:kalyna';
  const withSafeAndKalyna = (declaredCards: ReturnType<typeof bossHuntVictory>['declaredCards'], overrides = {}) =>
    bossHuntVictory(0, { cardIds: [THICKET, CAMP, FLOODED, 'stalker-zs:card:setup:safe', KALYNA, BLIZZARD, CRITICAL_SHOT], declaredCards, ...overrides });

  it('is accepted with the modifier the players declare, under the id it has in the catalogue, and leaves the result unverified', () => {
    const checked = rules.check(
      withSafeAndKalyna([
        { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 },
        { cardId: 'stalker-zs:card:setup:safe', cardType: 'setup', plus: 1, minus: 0 },
        { cardId: KALYNA, cardType: 'character', plus: 0, minus: 2 },
      ]),
      null,
    );
    // 20 + (Thicket 1 + Blizzard 1 + Kalyna 2) − (Critical Shot 2 + Safe 1).
    expect(checked).toMatchObject({ victory: true, score: 21, verified: false });
    expect(checked.breakdown!.cards).toEqual(
      expect.arrayContaining([
        { cardId: SAFE, plus: 1, minus: 0, source: 'DECLARED' },
        { cardId: KALYNA, plus: 0, minus: 2, source: 'DECLARED' },
      ]),
    );
  });

  it('counts a card read as a Character card beside the four Setup cards, not among them', () => {
    // Safe by its type-free id fills the fourth Setup slot; Kalyna, though given by a type-free id too, does not.
    const typeFree = withSafeAndKalyna(
      [
        { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 },
        { cardId: SAFE, cardType: 'setup', plus: 0, minus: 0 },
        { cardId: KALYNA, cardType: 'character', plus: 0, minus: 0 },
      ],
      { cardIds: [THICKET, CAMP, FLOODED, SAFE, KALYNA, BLIZZARD, CRITICAL_SHOT] },
    );
    expect(rules.check(typeFree, null)).toMatchObject({ victory: true, score: 20, verified: false });
    // Undeclared, Kalyna still counts as a Character card: four Setup cards stand, and her modifier is what is missing.
    const defeat = withSafeAndKalyna([{ cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 }], { objectiveMet: false });
    expect(rules.check(defeat, null)).toEqual({ victory: false, score: null, verified: false, breakdown: null });
  });

  it('is refused on a victory without a declaration, and declared as a type the seed leaves it no room for', () => {
    const undeclared = withSafeAndKalyna([
      { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 },
      { cardId: 'stalker-zs:card:setup:safe', cardType: 'setup', plus: 0, minus: 0 },
    ]);
    expect(refusal(() => rules.check(undeclared, null))).toEqual({ field: 'declaredCards', rule: 'required' });
    const kalynaAsSetup = withSafeAndKalyna([
      { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 },
      { cardId: 'stalker-zs:card:setup:safe', cardType: 'setup', plus: 0, minus: 0 },
      { cardId: KALYNA, cardType: 'setup', plus: 0, minus: 0 },
    ]);
    expect(refusal(() => rules.check(kalynaAsSetup, null))).toEqual({ field: 'declaredCards[2].cardType', rule: 'card-type' });
    const safeAsCharacter = withSafeAndKalyna([
      { cardId: FLOODED, cardType: 'setup', plus: 0, minus: 0 },
      { cardId: SAFE, cardType: 'character', plus: 0, minus: 0 },
      { cardId: KALYNA, cardType: 'character', plus: 0, minus: 0 },
    ]);
    expect(refusal(() => rules.check(safeAsCharacter, null))).toEqual({ field: 'declaredCards[1].cardType', rule: 'card-type' });
  });
});

describe('rescoring a stored Zone Survival submission', () => {
  const stored = bossHuntVictory(3);

  it('gives the score the submission got, under unchanged rules', () => {
    expect(rules.rescore(stored)).toEqual(rules.check(stored, null));
    expect(rules.rescore(stored)).toMatchObject({ victory: true, score: 23, verified: false });
  });

  it('scores from the catalogue the cards it has learned since, and a result of only known cards becomes verified', () => {
    const cards = new Map(content.cards);
    for (const [id, minus] of [[FLOODED, 2], [CAVE, 0]] as const) {
      cards.set(id, { ...cards.get(id)!, scoreModifier: { plus: 1, minus, basis: 'printed', reasoning: null } });
    }
    // As if a later seed printed Abandoned Stalker Camp's header too: an inferred modifier would keep the result unverified.
    cards.set(CAMP, { ...cards.get(CAMP)!, scoreModifier: { plus: 0, minus: 0, basis: 'printed', reasoning: null } });
    // 20 + (Thicket 1 + Blizzard 1 + Flooded Room 2) − (Critical Shot 2 + Flooded Room 1 + Mysterious Cave 1).
    const next = rulesOver({ ...content, cards }).rescore(stored)!;
    expect(next).toMatchObject({ score: 20, verified: true });
    expect(next.breakdown!.cards.every((c) => c.source !== 'DECLARED')).toBe(true);
  });

  it('scores from the catalogue a card once declared under a deck-qualified name, so the result becomes verified', () => {
    // Stored when the catalogue did not know Workshop: the player declared it, with the icons the seed prints.
    const legacy = printedCardsVictory({
      cardIds: [THICKET, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:psionic-attack', 'stalker-zs:card:setup:scattered-artifacts', BLIZZARD, CRITICAL_SHOT],
      declaredCards: [{ cardId: 'stalker-zs:card:setup:workshop', cardType: 'setup', plus: 1, minus: 0 }],
    });
    const next = rules.rescore(legacy)!;
    expect(next).toMatchObject({ score: 19, verified: true });
    expect(next.breakdown!.cards).toContainEqual({ cardId: WORKSHOP, plus: 1, minus: 0, source: 'PRINTED' });
  });

  it('keeps a declaration where the catalogue only infers the modifier, and takes verification from a result stored as verified with an inferred one', () => {
    const declaredWall = printedCardsVictory({
      cardIds: [THICKET, 'stalker-zs:card:setup:workshop', 'stalker-zs:card:setup:psionic-attack', 'stalker-zs:card:setup:the-wall-collapsed', BLIZZARD, CRITICAL_SHOT],
      declaredCards: [{ cardId: 'stalker-zs:card:setup:the-wall-collapsed', cardType: 'setup', plus: 1, minus: 0 }],
    });
    const kept = rules.rescore(declaredWall)!;
    expect(kept).toMatchObject({ score: 20, verified: false });
    expect(kept.breakdown!.cards).toContainEqual({ cardId: WALL_COLLAPSED, plus: 1, minus: 0, source: 'DECLARED' });
    // Stored under score version 1, when an inferred modifier counted as verified.
    expect(rules.rescore(knownCardsVictory())).toMatchObject({ score: 18, verified: false });
  });

  it('leaves a result alone when the catalogue can no longer score it', () => {
    const cards = new Map(content.cards);
    cards.delete(BLIZZARD);
    expect(rulesOver({ ...content, cards }).rescore(stored)).toBeNull();
  });
});

describe('what a Zone Survival result ranks under', () => {
  it('shows the Scenario, Map, Stalker count and Rounds of its game, and its board dimensions are among them', () => {
    const fields = rules.fieldsOf(bossHuntVictory());
    expect(fields).toEqual({ scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:3', stalkerCount: 2, roundsPlayed: 8 });
    expect(Object.keys(fields)).toEqual(Object.keys(zoneSurvivalScoring.schemas.result.shape));
    expect(zoneSurvivalScoring.dimensions.every((dimension) => dimension in fields)).toBe(true);
  });

  it('refuses a board key that names nothing, by the key', () => {
    expect(() => rules.checkBoard({ scenarioId: 'stalker-zs:scenario:escape', mapId: 'stalker-zs:map:10', stalkerCount: 4 })).not.toThrow();
    expect(() => rules.checkBoard({})).not.toThrow();
    expect(refusal(() => rules.checkBoard({ scenarioId: 'stalker-zs:scenario:picnic' }))).toEqual({ field: 'scenarioId', rule: 'unknown' });
    expect(refusal(() => rules.checkBoard({ mapId: 'stalker-zs:map:0' }))).toEqual({ field: 'mapId', rule: 'unknown' });
    expect(refusal(() => rules.checkBoard({ stalkerCount: 5 }))).toEqual({ field: 'stalkerCount', rule: 'range' });
  });
});

describe('dealing the Zone Survival daily challenge', () => {
  const seeds = ['a-day-in-the-zone', 'another-day', 'and-a-third', 'the-fourth', 'a-fifth'];

  it('deals the same challenge from the same seed, and its fields are the setup list\'s', () => {
    const first = rules.dealChallenge(seeds[0]);
    expect(rules.dealChallenge(seeds[0])).toEqual(first);
    const setup = first.challenge.setup as { scenario: { id: string }; stalkerCount: number; setupCards: { card: { id: string } | null }[] };
    expect(first.challenge).toMatchObject({ scenarioId: setup.scenario.id, stalkerCount: setup.stalkerCount });
    expect(first.challenge.setupCardIds).toEqual(setup.setupCards.flatMap((slot) => (slot.card ? [slot.card.id] : [])));
    expect(content.maps.some((m) => m.id === first.challenge.mapId)).toBe(true);
    expect(first.transcript.length).toBeGreaterThan(0);
    expect(new Set(seeds.map((seed) => JSON.stringify(rules.dealChallenge(seed).challenge))).size).toBeGreaterThan(1);
  });

  it('holds a submission to the challenge it claims: its Scenario, Map, Stalker count and drawn cards', () => {
    const game = bossHuntVictory();
    const terms: ZsChallenge & { id: string } = {
      id: 'stalker-zs:daily:2026-12-01',
      scenarioId: game.scenarioId,
      mapId: game.mapId,
      stalkerCount: game.stalkerCount,
      setupCardIds: [THICKET, CAMP],
      eventCardIds: [BLIZZARD],
      setup: {},
    };
    expect(rules.check(game, terms)).toMatchObject({ victory: true, score: 20 });
    expect(refusal(() => rules.check(game, { ...terms, scenarioId: 'stalker-zs:scenario:escape' }))).toEqual({ field: 'scenarioId', rule: 'challenge-setup' });
    expect(refusal(() => rules.check(game, { ...terms, mapId: 'stalker-zs:map:4' }))).toEqual({ field: 'mapId', rule: 'challenge-setup' });
    expect(refusal(() => rules.check(game, { ...terms, stalkerCount: 3 }))).toEqual({ field: 'stalkerCount', rule: 'challenge-setup' });
    expect(refusal(() => rules.check(game, { ...terms, eventCardIds: [BLIZZARD, 'stalker-zs:card:event:psionic-attack'] }))).toEqual({ field: 'cardIds', rule: 'challenge-setup' });
  });
});
