import { z } from 'zod';
import { reject } from '@scriptbook/campaign-model';
import { AnyCampaignAction, defineAction } from '@scriptbook/campaign-model';
import { contentId, countChange, label, noteArgs } from '@scriptbook/campaign-model';
import { ZoneSurvivalState } from './zone-survival-state';

type Action = AnyCampaignAction<ZoneSurvivalState>;

const cardId = (description: string) => contentId('stalker-zs:card:', description);

// A game set up at creation has its Scenario but no Stalkers yet: it starts when `start-scenario` names them.
const started = (state: ZoneSurvivalState) => state.stalkers.length > 0;

const requireStarted = (state: ZoneSurvivalState) => {
  if (!started(state)) reject('CONFLICT', 'no-scenario', 'No Scenario has started');
  if (state.finished) reject('CONFLICT', 'finished', 'The game has ended');
};

const startScenario = defineAction({
  name: 'start-scenario',
  description:
    'Starts the game: the Scenario, its Map, the Stalkers and the Setup cards drawn. Refused once a Scenario has started. ' +
    'On a game set up at creation, the Scenario must be the one set up, the Stalkers as many as it was set up for, and the drawn Setup cards stay unless given.',
  args: z
    .object({
      scenarioId: contentId('stalker-zs:scenario:', 'The Scenario’s content id, e.g. `stalker-zs:scenario:boss-hunt`.'),
      mapId: contentId('stalker-zs:map:', 'The Map’s content id, `stalker-zs:map:1` to `stalker-zs:map:10`.'),
      stalkers: z.array(label('A Stalker, as the table names them.')).min(1).max(20).describe('The Stalkers in play, at least one.'),
      setupCards: z
        .array(cardId('A Setup card’s content id, e.g. `stalker-zs:card:setup:mysterious-thicket`.'))
        .max(4)
        .optional()
        .describe('The Setup cards drawn, in slot order (up to 4); when omitted, those the setup drew (none on a game not set up).'),
    })
    .strict(),
  // Stalkers are the table's own names, so the example's are stand-ins; the rest are the packs' ids.
  example: {
    scenarioId: 'stalker-zs:scenario:boss-hunt',
    mapId: 'stalker-zs:map:1',
    stalkers: ['Stalker 1', 'Stalker 2'],
    setupCards: ['stalker-zs:card:setup:mysterious-thicket'],
  },
  plan: (state: ZoneSurvivalState, args) => {
    if (started(state)) reject('CONFLICT', 'scenario-in-play', `${state.scenarioId} has already started`, 'args.scenarioId');
    if (state.scenarioId !== null && state.scenarioId !== args.scenarioId) {
      reject('CONFLICT', 'set-up-scenario', `This game was set up for ${state.scenarioId}`, 'args.scenarioId');
    }
    if (state.stalkerCount !== undefined && args.stalkers.length !== state.stalkerCount) {
      reject('BAD_USER_INPUT', 'stalker-count', `This game was set up for ${state.stalkerCount} Stalkers, not ${args.stalkers.length}`, 'args.stalkers');
    }
    return [
      { op: 'set', path: ['scenarioId'], from: state.scenarioId, to: args.scenarioId },
      { op: 'set', path: ['mapId'], from: state.mapId, to: args.mapId },
      { op: 'set', path: ['stalkers'], from: state.stalkers, to: args.stalkers },
      { op: 'set', path: ['setupCards'], from: state.setupCards, to: args.setupCards ?? state.setupCards },
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
  args: z.object({ by: countChange(1_000_000, 'Change in K, not 0.') }).strict(),
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
  args: z.object({ request: cardId('The content id of the Setup card with the Request tag, e.g. `stalker-zs:card:setup:mysterious-thicket`.') }).strict(),
  example: { request: 'stalker-zs:card:setup:mysterious-thicket' },
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
  args: z.object({ request: cardId('A Request taken with `take-request`, by its card’s content id.') }).strict(),
  example: { request: 'stalker-zs:card:setup:mysterious-thicket' },
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
