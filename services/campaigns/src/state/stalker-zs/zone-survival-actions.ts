import { z } from 'zod';
import { reject } from '../../actions/action-rejection';
import { AnyCampaignAction, defineAction } from '../../actions/campaign-action';
import { label, noteArgs } from '../shared-state';
import { ZoneSurvivalState } from './zone-survival-state';

type Action = AnyCampaignAction<ZoneSurvivalState>;

const requireStarted = (state: ZoneSurvivalState) => {
  if (state.scenarioId === null) reject('CONFLICT', 'no-scenario', 'No Scenario has started');
  if (state.finished) reject('CONFLICT', 'finished', 'The game has ended');
};

const startScenario = defineAction({
  name: 'start-scenario',
  description: 'Starts the game: the Scenario, its Map, the Stalkers and the Setup cards drawn. Refused once a Scenario has started.',
  args: z
    .object({
      scenarioId: label('The Scenario’s content id.'),
      mapId: label('The Map’s content id or name.'),
      stalkers: z.array(label('A Stalker.')).min(1).max(20).describe('The Stalkers in play, at least one.'),
      setupCards: z.array(label('A Setup card id or name.')).max(4).default([]).describe('The Setup cards drawn, in slot order (up to 4).'),
    })
    .strict(),
  // Map and Stalker names are the table's; the example uses stand-ins.
  example: { scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'Map 1', stalkers: ['Stalker 1', 'Stalker 2'], setupCards: ['Mysterious Thicket'] },
  plan: (state: ZoneSurvivalState, args) => {
    if (state.scenarioId !== null) reject('CONFLICT', 'scenario-in-play', `${state.scenarioId} has already started`, 'args.scenarioId');
    return [
      { op: 'set', path: ['scenarioId'], from: null, to: args.scenarioId },
      { op: 'set', path: ['mapId'], from: null, to: args.mapId },
      { op: 'set', path: ['stalkers'], from: state.stalkers, to: args.stalkers },
      { op: 'set', path: ['setupCards'], from: state.setupCards, to: args.setupCards },
    ];
  },
});

const advanceRound = defineAction({
  name: 'advance-round',
  description: 'The next Round begins.',
  args: z.object({}).strict(),
  example: {},
  exampleAfter: ['start-scenario'],
  plan: (state: ZoneSurvivalState) => {
    requireStarted(state);
    return [{ op: 'add', path: ['round'], by: 1 }];
  },
});

const adjustValue = defineAction({
  name: 'adjust-value',
  description: 'Adds to or takes from the value collected, in K. It never goes below 0.',
  args: z.object({ by: z.number().int().min(-1_000_000).max(1_000_000).refine((n) => n !== 0, 'must not be 0').describe('Change in K, not 0.') }).strict(),
  example: { by: 3000 },
  exampleAfter: ['start-scenario'],
  plan: (state: ZoneSurvivalState, { by }) => {
    requireStarted(state);
    if (state.collectedValue + by < 0) reject('CONFLICT', 'value-below-zero', `The team has collected ${state.collectedValue} K, less than ${-by} K`, 'args.by');
    return [{ op: 'add', path: ['collectedValue'], by }];
  },
});

const takeRequest = defineAction({
  name: 'take-request',
  description: 'The team takes a Request. Refused when it is already taken.',
  args: z.object({ request: label('The Setup card with the Request tag, as printed (e.g. Mysterious Thicket).') }).strict(),
  example: { request: 'Mysterious Thicket' },
  exampleAfter: ['start-scenario'],
  plan: (state: ZoneSurvivalState, { request }) => {
    requireStarted(state);
    if (state.requests.includes(request)) reject('CONFLICT', 'already-taken', `${request} is already taken`, 'args.request');
    return [{ op: 'set', path: ['requests'], from: state.requests, to: [...state.requests, request] }];
  },
});

const fulfilRequest = defineAction({
  name: 'fulfil-request',
  description: 'A taken Request is fulfilled. Refused when it is not among the taken ones.',
  args: z.object({ request: label('A Request taken with `take-request`.') }).strict(),
  example: { request: 'Mysterious Thicket' },
  exampleAfter: ['start-scenario', 'take-request'],
  plan: (state: ZoneSurvivalState, { request }) => {
    requireStarted(state);
    if (!state.requests.includes(request)) reject('NOT_FOUND', 'request', `${request} is not a taken Request`, 'args.request');
    return [
      { op: 'set', path: ['requests'], from: state.requests, to: state.requests.filter((r) => r !== request) },
      { op: 'set', path: ['requestsFulfilled'], from: state.requestsFulfilled, to: [...state.requestsFulfilled, request] },
    ];
  },
});

const finishScenario = defineAction({
  name: 'finish-scenario',
  description: 'The game ends; nothing else but notes is accepted afterwards.',
  args: z.object({}).strict(),
  example: {},
  exampleAfter: ['start-scenario'],
  plan: (state: ZoneSurvivalState) => {
    requireStarted(state);
    return [{ op: 'set', path: ['finished'], from: false, to: true }];
  },
});

const addNote = defineAction({
  name: 'add-note',
  description: 'Keeps a note with the game.',
  args: noteArgs,
  example: { text: 'Boss seen near the bridge.' },
  plan: (state: ZoneSurvivalState, { text }) => [{ op: 'set', path: ['notes'], from: state.notes, to: [...state.notes, { text }] }],
});

export const zoneSurvivalActions: readonly Action[] = [
  startScenario,
  advanceRound,
  adjustValue,
  takeRequest,
  fulfilRequest,
  finishScenario,
  addNote,
] as Action[];
