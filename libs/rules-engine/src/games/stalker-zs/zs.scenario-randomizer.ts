import { resolve, RuleInputError } from '../../procedure';
import { Random } from '../../rng/random';
import { Resolution, Transcript } from '../../transcript';
import { ZS_MAP_NUMBERS, ZS_SCENARIO_NUMBERS } from './zs.rules-data';
import { ZsNumberedData } from './zs.types';
import { zsArray, zsInt, zsObject, zsString, zsUniqueIds } from './zs.validate';

export interface ZoneSurvivalRandomizerInput {
  /** The Scenarios on offer (all ten, or the ones a group plays). */
  readonly scenarios: readonly ZsNumberedData[];
  readonly maps: readonly ZsNumberedData[];
  /** "The first step is to choose a Scenario": set to choose, leave out to randomize. */
  readonly scenarioId?: string;
  readonly mapId?: string;
}

export interface ZoneSurvivalRandomizerResult {
  readonly scenario: ZsNumberedData;
  readonly map: ZsNumberedData;
  readonly scenarioChosenBy: 'players' | 'random';
  readonly mapChosenBy: 'players' | 'random';
}

function checkList(value: unknown, field: string, maxNumber: number): readonly ZsNumberedData[] {
  const list = zsArray<unknown>(value, field, 1).map((item, i) => {
    const o = zsObject(item, `${field}[${i}]`);
    zsString(o.id, `${field}[${i}].id`);
    zsString(o.name, `${field}[${i}].name`);
    zsInt(o.number, `${field}[${i}].number`, 1, maxNumber);
    return { id: o.id as string, name: o.name as string, number: o.number as number };
  });
  zsUniqueIds(list, field);
  return list;
}

function choose(
  list: readonly ZsNumberedData[],
  chosenId: string | undefined,
  what: string,
  random: Random,
  transcript: Transcript,
): { item: ZsNumberedData; by: 'players' | 'random' } {
  if (chosenId !== undefined) {
    const item = list.find((x) => x.id === chosenId)!;
    transcript.add(`The players chose ${what} ${item.number}: ${item.name}`, { detail: { id: item.id } });
    return { item, by: 'players' };
  }
  // A shuffled Special deck's corner number (1-10) is a uniform draw among the ten.
  const item = random.pick(list);
  transcript.add(`Drew a random ${what} among ${list.length}: ${item.number} (${item.name})`, { value: item.number, detail: { id: item.id } });
  return { item, by: 'random' };
}

/**
 * Step 0 and Step 1: "If you don't want to choose, you may randomize it."
 * The seed draws the number from the ten Special cards' corner numbers ("Shuffle
 * these cards, draw one of them, and thus have a random number from 1 to 10");
 * that is a uniform pick, done here among the offered Scenarios and Maps.
 */
export function zoneSurvivalScenarioRandomizer(input: ZoneSurvivalRandomizerInput, seed: string): Resolution<ZoneSurvivalRandomizerResult> {
  zsObject(input, 'input');
  const scenarios = checkList(input.scenarios, 'scenarios', ZS_SCENARIO_NUMBERS);
  const maps = checkList(input.maps, 'maps', ZS_MAP_NUMBERS);
  for (const [id, list, field] of [[input.scenarioId, scenarios, 'scenarioId'], [input.mapId, maps, 'mapId']] as const) {
    if (id !== undefined && !list.some((x) => x.id === id)) {
      throw new RuleInputError(field, 'unknown', `${field} "${String(id)}" is not one of the offered ${field === 'mapId' ? 'Maps' : 'Scenarios'}`);
    }
  }
  return resolve(seed, (random, transcript) => {
    const scenario = choose(scenarios, input.scenarioId, 'Scenario', random, transcript);
    const map = choose(maps, input.mapId, 'Map', random, transcript);
    transcript.add(`Play ${scenario.item.name} on ${map.item.name}`);
    return { scenario: scenario.item, map: map.item, scenarioChosenBy: scenario.by, mapChosenBy: map.by };
  });
}
