import { ContentLibrary } from '@scriptbook/content';
import { RuleInputError } from '@scriptbook/rules-engine';
import { requireItem, zsContent, zsDie } from './zs.content';

/**
 * Zone Survival procedures take content data; callers send ids and choices.
 * These turn the one into the other. Fields are read as sent: the engine
 * validates the rest and names the field at fault.
 */

type Input = Record<string, unknown> | null | undefined;

/** Only the caller's choices pass: content comes from the library, never from the caller. */
function pick(input: Input, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (input?.[key] !== undefined) out[key] = input[key];
  return out;
}

function ids(value: unknown, field: string): readonly string[] {
  if (!Array.isArray(value)) throw new RuleInputError(field, 'required', `${field} must be a list of ids`);
  return value as string[];
}

export function prepareScenarioRandomizer(input: Input, library: ContentLibrary): unknown {
  const { scenarios, maps } = zsContent(library);
  return { scenarios, maps, ...pick(input, ['scenarioId', 'mapId']) };
}

export function prepareSetup(input: Input, library: ContentLibrary): unknown {
  const content = zsContent(library);
  return { ...content.setup, ...pick(input, ['scenarioId', 'stalkerCount', 'setupCardsOpeningPassage']) };
}

export function prepareFateTriggers(input: Input, library: ContentLibrary): unknown {
  const content = zsContent(library);
  const { cardIds, scenarioId, dieFaces } = input ?? {};
  const cards = ids(cardIds, 'cardIds').map((id, i) => requireItem(content, id, 'zs-card', `cardIds[${i}]`));
  const scenario = scenarioId === undefined ? undefined : requireItem(content, scenarioId, 'zs-scenario', 'scenarioId');
  return {
    ...pick(input, ['unknownStacks']),
    die: zsDie(library, dieFaces),
    cards,
    ...(scenario ? { scenarioNumber: scenario.number } : {}),
  };
}

export function prepareScriptStep(input: Input, library: ContentLibrary): unknown {
  const content = zsContent(library);
  const { roll, dieFaces } = input ?? {};
  return { ...pick(input, ['scriptId', 'face', 'choice']), scripts: content.scripts, ...(roll === true ? { die: zsDie(library, dieFaces) } : {}) };
}

export function prepareScore(input: Input, library: ContentLibrary): unknown {
  const content = zsContent(library);
  const { scenarioId, cardIds } = input ?? {};
  return {
    ...pick(input, ['stalkerCount', 'objectiveMet', 'collectedValue', 'requests']),
    scenario: requireItem(content, scenarioId, 'zs-scenario', 'scenarioId'),
    cards: ids(cardIds, 'cardIds').map((id, i) => requireItem(content, id, 'zs-card', `cardIds[${i}]`)),
  };
}
