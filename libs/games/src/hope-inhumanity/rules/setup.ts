import { z } from 'zod';
import { shuffleDeck } from '@scriptbook/rules-engine/deck/deck';
import { defineProcedure } from '@scriptbook/rules-engine';
import { named } from '@scriptbook/rules-engine';
import { count, nameText, seededRunner } from '@scriptbook/rules-engine';
import { HOPE_INHUMANITY_GAME_ID, ROUNDS } from './hope-inhumanity.rules-data';
import { playerNamesSchema } from './hope.schemas';

const sceneCard = named(
  'HopeSceneCard',
  z
    .object({
      name: nameText('The Scene card as printed.'),
      terrain: nameText('Its terrain type; each terrain gets its own mini-deck.'),
    })
    .describe('A Scene card and its terrain.'),
);

const input = z
  .object({
    players: playerNamesSchema,
    humanityDice: count('Humanity dice each player starts with. Required: rulebook 003 does not give it.'),
    hopeDice: count('Dice in the Hope pool at the start. Required: rulebook 003 does not give it.'),
    scenes: z.array(sceneCard).min(1).describe('The Scene cards in play, at least one.'),
  })
  .strict()
  .describe('The players, the starting dice and the Scene cards.');

const result = z
  .object({
    players: z
      .array(z.object({ name: z.string().describe('The player.'), humanity: count('Their Humanity dice.') }).describe('A player and their Humanity dice.'))
      .describe('Players in seating order.'),
    hopePool: count('Dice in the Hope pool.'),
    round: z.number().int().min(1).describe('The current round: 1.'),
    rounds: z.number().int().describe('How many rounds the game lasts: 5.'),
    sceneDecks: z.record(z.array(z.string())).describe('Each terrain → its shuffled Scene mini-deck, top first.'),
  })
  .describe('The table after Card Setup.');

/** Card Setup: Humanity dice per player, the Hope pool and shuffled Scene mini-decks. */
export const hopeSetupProcedure = defineProcedure({
  id: 'hope-inhumanity.setup',
  gameId: HOPE_INHUMANITY_GAME_ID,
  field: 'hopeSetup',
  description: 'Setup: Humanity dice per player, the Hope pool and shuffled Scene mini-decks',
  draws: true,
  input,
  result,
  run: ({ players: names, humanityDice: humanity, hopeDice: hope, scenes }, { random, transcript }) => {
    transcript.add(`${names.length} player${names.length === 1 ? '' : 's'}, clockwise: ${names.join(', ')}; each takes ${humanity} Humanity dice`);
    transcript.add(`Hope dice pool: ${hope}. The game lasts ${ROUNDS} rounds`);
    const terrains = [...new Set(scenes.map((s) => s.terrain))];
    const sceneDecks: Record<string, string[]> = {};
    for (const terrain of terrains) {
      const cards = scenes.filter((s) => s.terrain === terrain).map((s) => s.name);
      sceneDecks[terrain] = [...shuffleDeck(cards, random, { label: `${terrain} Scene deck`, transcript })];
    }
    return { players: names.map((name) => ({ name, humanity })), hopePool: hope, round: 1, rounds: ROUNDS, sceneDecks };
  },
});

export type HopeSetupInput = z.input<typeof input>;
export type HopeSetupResult = z.output<typeof result>;
export const hopeSetup = seededRunner<HopeSetupInput, HopeSetupResult>(hopeSetupProcedure);
