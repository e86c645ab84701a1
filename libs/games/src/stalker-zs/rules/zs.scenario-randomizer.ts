import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { RuleInputError } from '@scriptbook/rules-engine';
import { defineProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { bindZsContent } from './zs.bind';
import { ZS_GAME_ID } from './zs.rules-data';
import { mapRefSchema, scenarioRefSchema } from './zs.schemas';
import { describedEnum } from '@scriptbook/rules-engine';
import { ZsNumberedData } from './zs.types';

const chosenBy = describedEnum('ZoneSurvivalChosenBy', {
  players: 'The players chose it: the input named it.',
  random: 'Drawn at random, as the rulebook allows: "If you don\'t want to choose, you may randomize it."',
}).describe('Whether it was chosen or drawn.');

const input = z
  .object({
    scenarioId: plain(z.string().min(1)).optional().describe('The Scenario the players chose (e.g. `stalker-zs:scenario:boss-hunt`); drawn at random among the ten when omitted.'),
    mapId: plain(z.string().min(1)).optional().describe('The Map the players chose (e.g. `stalker-zs:map:3`); drawn at random among the ten when omitted.'),
  })
  .describe('Step 0 and Step 1: the Scenario and the Map, each chosen or left to chance.');

const result = z
  .object({
    scenario: scenarioRefSchema,
    map: mapRefSchema,
    scenarioChosenBy: chosenBy,
    mapChosenBy: chosenBy,
  })
  .describe('The Scenario and Map to play, and whether each was chosen or drawn.');

function choose(list: readonly ZsNumberedData[], chosenId: string | undefined, what: string, random: Random, transcript: Transcript) {
  if (chosenId !== undefined) {
    const item = list.find((x) => x.id === chosenId)!;
    transcript.add(`The players chose ${what} ${item.number}: ${item.name}`, { detail: { id: item.id } });
    return { item, by: 'players' as const };
  }
  // A shuffled Special deck's corner number (1-10) is a uniform draw among the ten.
  const item = random.pick(list);
  transcript.add(`Drew a random ${what} among ${list.length}: ${item.number} (${item.name})`, { value: item.number, detail: { id: item.id } });
  return { item, by: 'random' as const };
}

/**
 * Step 0 and Step 1: "If you don't want to choose, you may randomize it." The
 * seed draws the number from the ten Special cards' corner numbers ("Shuffle
 * these cards, draw one of them, and thus have a random number from 1 to 10"),
 * a uniform pick among the ten Scenarios and the ten Maps.
 */
export const zoneSurvivalScenarioProcedure = defineProcedure({
  id: 'stalker-zs.scenario-randomizer',
  gameId: ZS_GAME_ID,
  field: 'zoneSurvivalScenario',
  description: 'Step 0 and Step 1: choose or randomize the Scenario (1-10) and the Map (1-10)',
  input,
  result,
  draws: true,
  bind: bindZsContent,
  run: ({ scenarioId, mapId }, { random, transcript, content }) => {
    for (const [id, list, field, what] of [
      [scenarioId, content.scenarioList, 'scenarioId', 'Scenarios'],
      [mapId, content.maps, 'mapId', 'Maps'],
    ] as const) {
      if (id !== undefined && !list.some((x) => x.id === id)) throw new RuleInputError(field, 'unknown', `${field} "${id}" is not one of the ten ${what}`);
    }
    const scenario = choose(content.scenarioList, scenarioId, 'Scenario', random, transcript);
    const map = choose(content.maps, mapId, 'Map', random, transcript);
    transcript.add(`Play ${scenario.item.name} on ${map.item.name}`);
    return { scenario: scenario.item, map: map.item, scenarioChosenBy: scenario.by, mapChosenBy: map.by };
  },
});
