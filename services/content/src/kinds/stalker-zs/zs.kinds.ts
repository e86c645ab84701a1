import type { ItemOfKind } from '@scriptbook/content';
import { CatalogLookup, compact, linkView, many, one, sharedScenarioParts } from '../../catalog/catalog-lookup';
import { KindEntries } from '../kind-entry';
import { Script } from './script.model';
import { ZsCard, ZsHelpCard } from './zs-card.model';
import { ZsComponent, ZsEventTag, ZsMap, ZsScoring, ZsToken } from './zs-kinds.model';
import { ZsScenario } from './zs-scenario.model';

type FaceOutcome = { faces: string[]; faceIds: string[]; text: string };

/** Stalker counts are record keys in the pack; the graph lists them in order. */
export function enemiesByStalkerCount(byStalkerCount: Partial<Record<string, unknown[]>>) {
  return Object.entries(byStalkerCount)
    .map(([stalkers, groups]) => ({ stalkers: Number(stalkers), groups: groups ?? [] }))
    .sort((a, b) => a.stalkers - b.stalkers);
}

/** Every printed text of a Zone Survival card, in the order the card is read. */
export function zsCardTexts(item: ItemOfKind<'zs-card'>): string[] {
  const faces = (outcomes: FaceOutcome[]) => outcomes.map((outcome) => `${outcome.faces.join(' ')}: ${outcome.text}`);
  return compact([
    item.request,
    item.story,
    ...item.setup,
    ...item.rules,
    ...item.actions.flatMap((action) => [`${action.name}: ${action.text}`, ...faces(action.outcomes)]),
    ...(item.fateTriggers?.always ?? []),
    ...faces(item.fateTriggers?.byFace ?? []),
  ]);
}

function outcomeView(item: ItemOfKind<'zs-card'>, outcome: FaceOutcome, lookup: CatalogLookup) {
  return { ...outcome, segments: lookup.segmentsOf(item, outcome.text) };
}

function cardFields(item: ItemOfKind<'zs-card'>, lookup: CatalogLookup) {
  const icons = lookup.icons(item.gameId);
  return {
    deck: one(lookup, item.deckId),
    texts: zsCardTexts(item),
    actions: item.actions.map((action) => ({
      ...action,
      costIconId: icons.canonicalId(action.cost) ?? null,
      outcomes: action.outcomes.map((outcome) => outcomeView(item, outcome, lookup)),
    })),
    fateTriggers: item.fateTriggers && {
      always: item.fateTriggers.always,
      byFace: item.fateTriggers.byFace.map((outcome) => outcomeView(item, outcome, lookup)),
    },
    links: item.links.map((link) => linkView(link, lookup)),
  };
}

function scenarioFields(item: ItemOfKind<'zs-scenario'>, lookup: CatalogLookup) {
  return {
    moduleId: null,
    summary: item.intro,
    ...sharedScenarioParts(
      item,
      lookup,
      item.steps.map((step) => ({ order: step.step, title: step.title, lines: step.text })),
      item.specialRules.map((text) => ({ name: null, text })),
    ),
    victoryConditions: item.mainObjective.win,
    defeatConditions: item.mainObjective.lose,
    specialCards: many(lookup, item.specialCardIds),
    enemies: item.enemies && { ...item.enemies, byStalkerCount: enemiesByStalkerCount(item.enemies.byStalkerCount) },
  };
}

/** S.T.A.L.K.E.R. Zone Survival (004). */
export const ZS_KINDS: KindEntries<
  'zs-component' | 'zs-token' | 'zs-event-tag' | 'zs-help-card' | 'zs-card' | 'zs-scenario' | 'zs-map' | 'zs-script' | 'zs-scoring'
> = {
  'zs-component': { type: ZsComponent },
  'zs-token': { type: ZsToken },
  'zs-event-tag': { type: ZsEventTag },
  'zs-help-card': {
    type: ZsHelpCard,
    groups: ['card'],
    entity: true,
    view: (item) => ({
      deckId: null,
      deck: () => null,
      cardType: 'help',
      tags: [],
      texts: item.phases.flatMap((phase) => [`${phase.number}. ${phase.name}: ${phase.text}`, ...phase.steps]),
    }),
  },
  'zs-card': { type: ZsCard, groups: ['card'], entity: true, view: cardFields },
  'zs-scenario': { type: ZsScenario, groups: ['scenario'], entity: true, view: scenarioFields },
  'zs-map': { type: ZsMap, groups: ['map'], view: (item, lookup) => ({ layout: linkView(item.layout, lookup) }) },
  'zs-script': { type: Script, entity: true, view: (item, lookup) => ({ links: item.links.map((link) => linkView(link, lookup)) }) },
  'zs-scoring': { type: ZsScoring, view: (item) => ({ lines: item.text }) },
};
