import * as twom from '../rules/core';
import * as twomTales from '../rules/tales';
import { campaignSetup } from '@scriptbook/campaign-model';
import { emptyTwomState, newTwomCharacter, TwomLevel, twomLevelSchema, TwomState } from './twom-state';

/** Core setup steps 1, 2, 3 and 6: the dealt Characters with their starting Hunger, and the Stockpile. */
export const twomCoreSetup = campaignSetup(twom.twomSetupProcedure, (result, rngState): TwomState => {
  const state = emptyTwomState(rngState);
  // Entries are made own properties (never assigned), like every write to a state map.
  state.characters = Object.fromEntries(
    result.characters.map((character) => {
      const fresh = newTwomCharacter();
      return [character.name, { ...fresh, levels: { ...fresh.levels, hunger: character.hunger } }];
    }),
  );
  state.storage = Object.fromEntries(Object.entries(result.stockpile).filter(([, n]) => n > 0));
  if (result.catInShelter) state.modules = ['The Cat'];
  return state;
});

/** A printed start such as "4" is a track position; "Heavily Wounded" is a named place. */
const POSITION = /^\d+$/;

/**
 * A Tales Incident's Setup: its Characters with the State tokens it places
 * (Misery, Hunger, Illness are levels of the state), the printed Storage,
 * the Events deck top first, the scenario with its tracks (the Starting Cold
 * as the Cold track's COLD tokens) and its shuffled Scenario deck. What the
 * players still choose (further State tokens, the free tokens for the
 * Storage) is in the transcript.
 */
export const talesIncidentSetup = campaignSetup(twomTales.incidentSetupProcedure, (result, rngState): TwomState => {
  const state = emptyTwomState(rngState);
  state.characters = Object.fromEntries(
    result.characters.map((character) => {
      const fresh = newTwomCharacter();
      const levels = { ...fresh.levels };
      const states: string[] = [];
      for (const token of character.states) {
        const level = twomLevelSchema.safeParse(token.state.toLowerCase());
        if (level.success) levels[level.data as TwomLevel] = token.level;
        else states.push(`${token.state} ${token.level}`);
      }
      return [character.name, { levels, states }];
    }),
  );
  state.storage = Object.fromEntries(result.storage.map(({ name, count }) => [name, count]));
  state.eventDeck.cards = result.eventDeck.map(({ name, kind }) => ({ name, kind }));
  const positions = result.tracks.filter(({ start }) => POSITION.test(start));
  const tracks: Record<string, number> = Object.fromEntries([
    ...(result.cold ? [['Cold', result.cold.tokens] as const] : []),
    ...positions.map(({ name, start }) => [name, Number(start)] as const),
  ]);
  const markers: Record<string, string> = Object.fromEntries(result.tracks.filter(({ start }) => !POSITION.test(start)).map(({ name, start }) => [name, start]));
  state.scenario = {
    id: result.scenarioId,
    tracks,
    ...(Object.keys(markers).length ? { markers } : {}),
    ...(result.scenarioDeck ? { deck: { name: result.scenarioDeck.name, cards: [...result.scenarioDeck.cards] } } : {}),
    setupNotes: [...result.notes],
  };
  return state;
});
