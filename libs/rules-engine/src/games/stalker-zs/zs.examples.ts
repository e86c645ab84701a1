import { DieDefinition } from '../../dice/die';
import { zsNumberedFromItems, zsScriptsFromItems, zsSetupContentFromItems, ZsContentLike } from './zs.from-content';
import { EventCardData, FateCardData, ScoreCardData } from './zs.types';

/**
 * One worked input per procedure, built from the stalker-zs pack items the
 * caller loads. Where the pack holds fewer cards than the box (2 of the 70
 * Event cards are printed), the rest are placeholders named as such.
 */

/**
 * The seed never lists the Zone Survival die's faces. These are the four
 * labels its scripts branch on, used only as an example die; they are not a
 * claim about the printed die.
 */
export const ZS_EXAMPLE_DIE: DieDefinition = {
  id: 'example:zone-survival-die',
  name: 'example Zone Survival die',
  faces: ['[blue circle icon]', '[yellow icon]', '[purple icon]', '[red cross icon]'],
};

/** "70 Event cards" (Component List). */
export const ZS_EVENT_DECK_SIZE = 70;

export function zsPaddedEventDeck(events: readonly EventCardData[]): readonly EventCardData[] {
  const padding = Array.from({ length: ZS_EVENT_DECK_SIZE - events.length }, (_, i) => ({
    id: `placeholder:event:${i + 1}`,
    name: `Placeholder Event ${i + 1}`,
  }));
  return [...events, ...padding];
}

const byId = (items: readonly ZsContentLike[], id: string) => {
  const item = items.find((i) => i.id === id);
  if (!item) throw new Error(`pack has no ${id}`);
  return item;
};

export function zsExamples(items: readonly ZsContentLike[]) {
  const content = zsSetupContentFromItems(items);
  const gather = byId(items, 'stalker-zs:scenario:gather-supplies');
  const scoreCards = ['stalker-zs:card:setup:abandoned-stalker-camp', 'stalker-zs:card:setup:mysterious-thicket', 'stalker-zs:card:event:blizzard', 'stalker-zs:card:event:critical-shot'].map(
    (id) => byId(items, id) as unknown as ScoreCardData,
  );
  return {
    'stalker-zs.scenario-randomizer': {
      scenarios: zsNumberedFromItems(items, 'zs-scenario'),
      maps: zsNumberedFromItems(items, 'zs-map'),
    },
    'stalker-zs.setup': {
      ...content,
      eventDeck: zsPaddedEventDeck(content.eventDeck ?? []),
      scenarioId: 'stalker-zs:scenario:recon-in-force',
      stalkerCount: 3,
    },
    'stalker-zs.fate-triggers': {
      die: ZS_EXAMPLE_DIE,
      cards: ['stalker-zs:card:setup:abandoned-stalker-camp', 'stalker-zs:card:setup:mysterious-thicket', 'stalker-zs:card:event:blizzard', 'stalker-zs:card:special:fire'].map(
        (id) => byId(items, id) as unknown as FateCardData,
      ),
      unknownStacks: 3,
    },
    'stalker-zs.script-step': {
      scripts: zsScriptsFromItems(items),
      scriptId: 'stalker-zs:script:145',
      die: ZS_EXAMPLE_DIE,
    },
    'stalker-zs.score': {
      scenario: gather as unknown as { id: string; name: string; valueTarget: { base: number; perStalker: number } },
      stalkerCount: 2,
      collectedValue: 21_500,
      requests: [{ cardId: 'stalker-zs:card:setup:mysterious-thicket', met: true }],
      cards: scoreCards,
    },
  };
}
