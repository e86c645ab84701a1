import { z } from 'zod';
import { reject } from '@scriptbook/campaign-model';
import { AnyCampaignAction, defineAction } from '@scriptbook/campaign-model';
import { entryOf } from '@scriptbook/campaign-model';
import { contentId, countChange, noteArgs, stateKey } from '@scriptbook/campaign-model';
import { HOPE_ROUNDS, HopeInhumanityState } from './hope-inhumanity-state';

type Action = AnyCampaignAction<HopeInhumanityState>;

const player = stateKey('The player’s name, as added with `add-player`.');
const change = countChange(100, 'Change, -100 to 100, not 0.');

const addPlayer = defineAction({
  name: 'add-player',
  description: 'A player joins with their Humanity dice. The rulebook (003) does not give the starting number, so the table says it.',
  args: z.object({ player, humanity: z.number().int().min(0).max(100).describe('Their Humanity dice, 0 to 100.') }).strict(),
  example: { player: 'Ana', humanity: 3 },
  plan: (state: HopeInhumanityState, args) => {
    if (entryOf(state.players, args.player)) reject('CONFLICT', 'player-exists', `${args.player} is already playing`, 'args.player');
    return [{ op: 'set', path: ['players', args.player], to: { humanity: args.humanity } }];
  },
});

const adjustHumanity = defineAction({
  name: 'adjust-humanity',
  description: 'Gives a player Humanity dice or takes some away; never below 0.',
  args: z.object({ player, by: change }).strict(),
  example: { player: 'Ana', by: -1 },
  exampleAfter: ['add-player'],
  plan: (state: HopeInhumanityState, { player: name, by }) => {
    if (!entryOf(state.players, name)) reject('NOT_FOUND', 'player', `No player named ${name}`, 'args.player');
    return [{ op: 'add', path: ['players', name, 'humanity'], by }];
  },
});

const adjustHope = defineAction({
  name: 'adjust-hope',
  description: 'Adds dice to the Hope pool or takes them from it; never below 0.',
  args: z.object({ by: change }).strict(),
  example: { by: 2 },
  plan: (_state: HopeInhumanityState, { by }) => [{ op: 'add', path: ['hopePool'], by }],
});

const setCondition = defineAction({
  name: 'set-condition',
  description: 'Puts a condition in play or removes it.',
  args: z
    .object({
      condition: contentId(
        'hope-inhumanity:card-type:',
        'The condition card’s content id: the rulebook (003) names Hunger, Harm and Hunted (`hope-inhumanity:card-type:hunger`, `…:harm`, `…:hunted`).',
      ),
      on: z.boolean().describe('True to add it, false to remove it.'),
    })
    .strict(),
  example: { condition: 'hope-inhumanity:card-type:hunger', on: true },
  plan: (state: HopeInhumanityState, { condition, on }) => {
    if (state.conditions.includes(condition) === on) reject('CONFLICT', 'no-change', `${condition} is ${on ? 'already' : 'not'} in play`, 'args.on');
    const to = on ? [...state.conditions, condition] : state.conditions.filter((c) => c !== condition);
    return [{ op: 'set', path: ['conditions'], from: state.conditions, to }];
  },
});

const advanceRound = defineAction({
  name: 'advance-round',
  description: `The next round begins; refused after round ${HOPE_ROUNDS}, the last.`,
  args: z.object({}).strict(),
  example: {},
  plan: (state: HopeInhumanityState) => {
    if (state.round >= HOPE_ROUNDS) reject('CONFLICT', 'last-round', `Round ${HOPE_ROUNDS} is the last`);
    return [{ op: 'add', path: ['round'], by: 1 }];
  },
});

const addNote = defineAction({
  name: 'add-note',
  description: 'Keeps a note with the game.',
  args: noteArgs,
  example: { text: 'The bridge scene went badly.' },
  plan: (state: HopeInhumanityState, { text }) => [{ op: 'set', path: ['notes'], from: state.notes, to: [...state.notes, { text }] }],
});

export const hopeInhumanityActions: readonly Action[] = [addPlayer, adjustHumanity, adjustHope, setCondition, advanceRound, addNote] as Action[];
