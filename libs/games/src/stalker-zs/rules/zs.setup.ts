import { z } from 'zod';
import { drawCards, shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { RuleInputError } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { bindZsContent } from './zs.bind';
import { ZS_GAME_ID } from './zs.rules-data';
import { drawSetupCards } from './zs.setup-deck';
import { setupInput, setupResult } from './zs.setup.schemas';

type SetupResult = z.input<typeof setupResult>;

/**
 * A Scenario's setup list, Step 2 to Step 9, for a Stalker count. Everything
 * fixed by the Scenario and the count is planned once when content is bound;
 * a request only shuffles and draws.
 */
export const zoneSurvivalSetupProcedure = defineProcedure({
  id: 'stalker-zs.setup',
  gameId: ZS_GAME_ID,
  field: 'zoneSurvivalSetup',
  description:
    'Setup of a Scenario: Special cards and token placements, 4 Setup cards with no repeated tag, Unknown tokens, Enemies by Stalker count, Loot, Event deck',
  input: setupInput,
  result: setupResult,
  draws: true,
  bind: bindZsContent,
  run: ({ scenarioId, stalkerCount, setupCardsOpeningPassage }, { random, transcript, content }): SetupResult => {
    const scenario = content.scenarios.get(scenarioId);
    if (!scenario) throw new RuleInputError('scenarioId', 'unknown', `scenarioId "${scenarioId}" is not one of the ten Scenarios`);
    setupCardsOpeningPassage?.forEach((id, i) => {
      if (!content.setupDeck.held.some((c) => c.id === id)) {
        throw new RuleInputError(`setupCardsOpeningPassage[${i}]`, 'unknown', `setupCardsOpeningPassage[${i}] "${id}" is not a Setup card`);
      }
    });
    const plan = scenario.plans.get(stalkerCount)!;
    const { data, drawRule, placements } = scenario;
    const deck = content.setupDeck;

    transcript.add(`Scenario ${data.number}: ${data.name}, ${stalkerCount} Stalker${stalkerCount > 1 ? 's' : ''}`);
    transcript.add(plan.specialCardIds.length ? `Step 2: find and place ${plan.specialCardIds.join(', ')}` : 'Step 2: no Special cards', {
      detail: { specialCardIds: plan.specialCardIds },
    });
    for (const p of placements) transcript.add(`Step ${p.step}: ${p.text}`);

    const checks: string[] = [];
    if (drawRule.kind === 'redraw-judged' && !setupCardsOpeningPassage) checks.push(`Step 3: ${drawRule.quote}`);
    const draw = drawSetupCards(deck, drawRule, new Set(setupCardsOpeningPassage ?? []), random, transcript);
    for (const slot of draw.slots) if (slot.note) checks.push(`Step 3, Setup card ${slot.slot}: ${slot.note}`);
    for (const step of plan.lateSteps) transcript.add(step.text, step.detail ? { detail: step.detail } : {});

    let eventDeck: SetupResult['eventDeck'] = null;
    if (plan.eventDeckSize !== null) {
      let cards: { id: string; name: string }[] | null = null;
      if (content.eventDeck) {
        const pool = shuffleDeck(content.eventDeck, random, { label: 'Zone Survival Event deck', transcript });
        const drawn = drawCards(pool, plan.eventDeckSize, { field: 'eventDeck', label: 'Zone Survival Event deck', transcript });
        // "shuffle them without looking at the faces, and set them as the Event deck"
        cards = shuffleDeck(drawn.drawn, random, { label: 'Event deck for this game', transcript }).slice();
      } else {
        checks.push(`Step 7: draw ${plan.eventDeckSize} random cards from the Zone Survival Event deck`);
      }
      transcript.add(`Step 7: the Event deck holds ${plan.eventDeckSize} cards, so the game lasts ${plan.eventDeckSize} Rounds`);
      eventDeck = { size: plan.eventDeckSize, cards };
    } else {
      transcript.add('Step 7: no Event deck size is printed (see gaps)');
    }

    const missing = deck.size - deck.held.length;
    const gaps = [...plan.gaps];
    if (missing > 0) {
      gaps.push({
        field: 'setupDeck',
        note: `The box has ${deck.size} Setup cards; the seed prints or names ${deck.held.length}, so ${missing} are not in the content and a draw that lands on one is left to the table.`,
      });
    }
    const unknownTags = deck.held.filter((c) => c.tags === null).length;
    if (unknownTags > 0) {
      gaps.push({ field: 'setupCards.tags', note: `${unknownTags} of the Setup cards the content holds have tags the seed does not print; they are unknown, not absent.` });
    }
    if (gaps.length) transcript.add(`Not given by the seed: ${gaps.map((g) => g.field).join(', ')}`);

    return {
      scenario: { id: data.id, name: data.name, number: data.number },
      stalkerCount,
      specialCardIds: plan.specialCardIds.slice(),
      placements: placements.slice(),
      setupDeck: { size: deck.size, inPack: deck.held.length, notInPack: missing },
      setupCards: draw.slots as SetupResult['setupCards'],
      setupDiscards: draw.discarded as SetupResult['setupDiscards'],
      unknownTokens: plan.unknownTokens,
      enemies: plan.enemies as SetupResult['enemies'],
      loot: plan.loot,
      eventDeck,
      funds: plan.funds,
      stalkerEntrance: plan.stalkerEntrance,
      valueTarget: plan.valueTarget,
      checks,
      gaps,
    };
  },
});
