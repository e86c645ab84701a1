import { drawCards, shuffleDeck } from '../../deck/deck';
import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { PreparedSetupData, prepareSetupData } from './zs.prepare';
import { ZsEnemySetup, ZsLootSetup, ZsUnknownSetup } from './zs.plan';
import { drawZsSetupCards, ZsSetupCard, ZsSetupDiscard } from './zs.setup-cards';
import { ZoneSurvivalSetupContent, ZsGapData } from './zs.types';
import { zsStalkerCount, zsString, zsStringList } from './zs.validate';

export interface ZoneSurvivalSetupRequest {
  readonly scenarioId: string;
  /** 1 to 4: the Scenarios print enemy rows for no other count. */
  readonly stalkerCount: number;
  /**
   * Secret Mission only: ids of Setup cards the players judge "would
   * immediately open a passage to the Room closed by the Armored Gate". The
   * seed names no such card, so the judgement is theirs; without it the
   * result lists the check instead of applying it.
   */
  readonly setupCardsOpeningPassage?: readonly string[];
}

export type ZoneSurvivalSetupInput = ZoneSurvivalSetupContent & ZoneSurvivalSetupRequest;

export interface ZoneSurvivalSetupResult {
  readonly scenario: { readonly id: string; readonly name: string; readonly number: number };
  readonly stalkerCount: number;
  /** Step 2: Special cards to find and place next to the Map. */
  readonly specialCardIds: readonly string[];
  /** Step 3: four cards, no tag repeated, in drawing order. */
  readonly setupCards: readonly ZsSetupCard[];
  readonly setupDiscards: readonly ZsSetupDiscard[];
  readonly unknownTokens: ZsUnknownSetup | null;
  readonly enemies: ZsEnemySetup | null;
  readonly loot: ZsLootSetup | null;
  /** Step 7: the size is also the number of Rounds; cards when an Event deck was given. */
  readonly eventDeck: { readonly size: number; readonly cards: readonly { readonly id: string; readonly name: string }[] | null } | null;
  readonly funds: number | null;
  readonly stalkerEntrance: string | null;
  /** Gather Supplies: "12,000 K + [Stalker count icon] × 3,000 K". */
  readonly valueTarget: number | null;
  /** Steps the table must carry out or judge itself. */
  readonly checks: readonly string[];
  /** Where the seed gives nothing; never filled with an invented value. */
  readonly gaps: readonly ZsGapData[];
}

/** The setup on content checked once by `prepareSetupData`: the fast path. */
export function runZoneSurvivalSetup(
  prepared: PreparedSetupData,
  request: ZoneSurvivalSetupRequest,
  seed: string,
): Resolution<ZoneSurvivalSetupResult> {
  const scenarioId = zsString(request?.scenarioId, 'scenarioId');
  const scenario = prepared.scenarios.get(scenarioId);
  if (!scenario) throw new RuleInputError('scenarioId', 'unknown', `scenarioId "${scenarioId}" is not one of the given Scenarios`);
  const stalkerCount = zsStalkerCount(request.stalkerCount);
  if (scenario.deckProblem) {
    throw new RuleInputError('setupDeck', 'too-small', `setupDeck cannot give ${scenario.data.name} its Setup cards: ${scenario.deckProblem}`);
  }
  const judgedIds = request.setupCardsOpeningPassage === undefined ? undefined : zsStringList(request.setupCardsOpeningPassage, 'setupCardsOpeningPassage');
  judgedIds?.forEach((id, i) => {
    if (!prepared.setupDeck.some((c) => c.id === id)) {
      throw new RuleInputError(`setupCardsOpeningPassage[${i}]`, 'unknown', `setupCardsOpeningPassage[${i}] "${id}" is not in the setupDeck`);
    }
  });
  const plan = scenario.plans.get(stalkerCount)!;
  const { data, drawRule } = scenario;

  return resolve(seed, (random, transcript) => {
    transcript.add(`Scenario ${data.number}: ${data.name}, ${stalkerCount} Stalker${stalkerCount > 1 ? 's' : ''}`);
    transcript.add(
      plan.specialCardIds.length ? `Step 2: find and place ${plan.specialCardIds.join(', ')}` : 'Step 2: no Special cards',
      { detail: { specialCardIds: plan.specialCardIds } },
    );
    const checks: string[] = [];
    if (drawRule.kind === 'redraw-judged' && !judgedIds) checks.push(`Step 3: ${drawRule.quote}`);
    const draw = drawZsSetupCards(prepared.setupDeck, drawRule, new Set(judgedIds ?? []), random, transcript);
    transcript.add(`Step 3: Setup cards ${draw.cards.map((c) => c.name).join(', ')}`, { detail: { cards: draw.cards.map((c) => c.id) } });
    for (const line of plan.lateSteps) transcript.add(line.text, line.detail ? { detail: line.detail } : {});

    let eventDeck: ZoneSurvivalSetupResult['eventDeck'] = null;
    if (plan.eventDeckSize !== null) {
      let cards: readonly { id: string; name: string }[] | null = null;
      if (prepared.eventDeck) {
        const pool = shuffleDeck(prepared.eventDeck, random, { label: 'Zone Survival Event deck', transcript });
        const drawn = drawCards(pool, plan.eventDeckSize, { field: 'eventDeck', label: 'Zone Survival Event deck', transcript });
        // "shuffle them without looking at the faces, and set them as the Event deck"
        cards = shuffleDeck(drawn.drawn, random, { label: 'Event deck for this game', transcript }).map((c) => ({ id: c.id, name: c.name }));
      } else {
        checks.push(`Step 7: draw ${plan.eventDeckSize} random cards from the Zone Survival Event deck`);
      }
      transcript.add(`Step 7: the Event deck holds ${plan.eventDeckSize} cards, so the game lasts ${plan.eventDeckSize} Rounds`);
      eventDeck = { size: plan.eventDeckSize, cards };
    } else {
      transcript.add('Step 7: no Event deck size is printed (see gaps)');
    }
    if (plan.gaps.length) transcript.add(`Not given by the seed: ${plan.gaps.map((g) => g.field).join(', ')}`);

    return {
      scenario: { id: data.id, name: data.name, number: data.number },
      stalkerCount,
      specialCardIds: plan.specialCardIds,
      setupCards: draw.cards,
      setupDiscards: draw.discarded,
      unknownTokens: plan.unknownTokens,
      enemies: plan.enemies,
      loot: plan.loot,
      eventDeck,
      funds: plan.funds,
      stalkerEntrance: plan.stalkerEntrance,
      valueTarget: plan.valueTarget,
      checks,
      gaps: plan.gaps,
    };
  });
}

/** Setup with the content in the input; validates it on every call (see `runZoneSurvivalSetup`). */
export function zoneSurvivalSetup(input: ZoneSurvivalSetupInput, seed: string): Resolution<ZoneSurvivalSetupResult> {
  if (input === null || typeof input !== 'object') throw new RuleInputError('input', 'required', 'input is required');
  zsStalkerCount(input.stalkerCount);
  return runZoneSurvivalSetup(prepareSetupData(input), input, seed);
}
