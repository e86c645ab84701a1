import { z } from 'zod';
import { RuleInputError, runProcedure } from '@scriptbook/rules-engine';
import * as twom from '../rules/core';
import { AnyCampaignAction, contentId, countChange, defineAction, entryOf, label, noteArgs, reject, StateChange, stateKey } from '@scriptbook/campaign-model';
import { newTwomCharacter, TwomState, twomLevelSchema } from './twom-state';

type Action = AnyCampaignAction<TwomState>;

const character = stateKey('The Character’s name, as added with `add-character`.');
const resource = stateKey('The token or resource, e.g. "Water".');
const scenarioContentId = contentId(
  'twom:scenario:',
  'The scenario’s content id, e.g. `twom:scenario:blood-in-the-snow` (the `scenarios` of the content subgraph); `recordScenarioOutcome` takes the same id.',
);
const amount = z.number().int().min(1).max(1000).describe('How many, 1 to 1000.');
const cardList = (description: string) => z.array(label('A card as printed.')).max(200).describe(description);

function requireCharacter(state: TwomState, name: string): void {
  if (!entryOf(state.characters, name)) reject('NOT_FOUND', 'character', `No Character named ${name} is in this campaign`, 'args.character');
}

const addCharacter = defineAction({
  name: 'add-character',
  description: 'A Character joins the Shelter, with no level tokens and no states.',
  args: z.object({ character }).strict(),
  example: { character: 'Emira' },
  plan: (state: TwomState, { character: name }) => {
    if (entryOf(state.characters, name)) reject('CONFLICT', 'character-exists', `${name} is already in this campaign`, 'args.character');
    return [{ op: 'set', path: ['characters', name], to: newTwomCharacter() }];
  },
});

const removeCharacter = defineAction({
  name: 'remove-character',
  description: 'A Character leaves the game (dies, leaves the Shelter); their levels and states go with them.',
  args: z.object({ character }).strict(),
  example: { character: 'Emira' },
  exampleAfter: ['add-character'],
  plan: (state: TwomState, { character: name }) => {
    requireCharacter(state, name);
    return [{ op: 'remove', path: ['characters', name], from: entryOf(state.characters, name) }];
  },
});

const adjustLevel = defineAction({
  name: 'adjust-level',
  description: 'Raises or lowers one level of a Character (Hunger, Misery, Wounds, Fatigue, Illness). A level never goes below 0.',
  args: z.object({ character, level: twomLevelSchema, by: countChange(20, 'Change, -20 to 20, not 0.') }).strict(),
  example: { character: 'Emira', level: 'hunger', by: 1 },
  exampleAfter: ['add-character'],
  plan: (state: TwomState, { character: name, level, by }) => {
    requireCharacter(state, name);
    return [{ op: 'add', path: ['characters', name, 'levels', level], by }];
  },
});

const setCharacterState = defineAction({
  name: 'set-character-state',
  description: 'Puts a state on a Character or takes it off.',
  args: z.object({ character, state: label('The state as the table names it.'), on: z.boolean().describe('True to put it on, false to take it off.') }).strict(),
  example: { character: 'Emira', state: 'Wounded', on: true },
  exampleAfter: ['add-character'],
  plan: (state: TwomState, args) => {
    requireCharacter(state, args.character);
    const states = entryOf(state.characters, args.character)!.states;
    const has = states.includes(args.state);
    if (has === args.on) reject('CONFLICT', 'no-change', `${args.character} ${args.on ? 'already has' : 'does not have'} ${args.state}`, 'args.on');
    const to = args.on ? [...states, args.state] : states.filter((s) => s !== args.state);
    return [{ op: 'set', path: ['characters', args.character, 'states'], from: states, to }];
  },
});

const addResource = defineAction({
  name: 'add-resource',
  description: 'Adds tokens or resources to the Storage.',
  args: z.object({ resource, amount }).strict(),
  example: { resource: 'Water', amount: 2 },
  plan: (_state: TwomState, { resource, amount: n }) => [{ op: 'add', path: ['storage', resource], by: n }],
});

const spendResource = defineAction({
  name: 'spend-resource',
  description: 'Takes tokens or resources from the Storage; refused when the Storage holds fewer.',
  args: z.object({ resource, amount }).strict(),
  example: { resource: 'Water', amount: 1 },
  exampleAfter: ['add-resource'],
  plan: (state: TwomState, { resource, amount: n }) => {
    const held = entryOf(state.storage, resource) ?? 0;
    if (held < n) reject('CONFLICT', 'storage-below-zero', `The Storage holds ${held} ${resource}, fewer than ${n}`, 'args.amount');
    return [{ op: 'add', path: ['storage', resource], by: -n }];
  },
});

const buildFitting = defineAction({
  name: 'build-fitting',
  description: 'Builds a Shelter fitting, spending its cost from the Storage in the same step; refused when the Storage cannot pay.',
  args: z
    .object({
      fitting: label('The Fitting card as printed.'),
      cost: z.record(resource, amount).default({}).describe('Token or resource → how many the Fitting card asks for, as printed on it.'),
    })
    .strict(),
  example: { fitting: 'Bed' },
  plan: (state: TwomState, { fitting, cost }) => {
    const changes: StateChange[] = [];
    for (const [resource, n] of Object.entries(cost)) {
      const held = entryOf(state.storage, resource) ?? 0;
      if (held < n) reject('CONFLICT', 'storage-below-zero', `The Storage holds ${held} ${resource}, fewer than the ${n} the fitting costs`, `args.cost.${resource}`);
      changes.push({ op: 'add', path: ['storage', resource], by: -n });
    }
    changes.push({ op: 'set', path: ['fittings'], from: state.fittings, to: [...state.fittings, fitting] });
    return changes;
  },
});

const advanceDay = defineAction({
  name: 'advance-day',
  description: 'Dawn has passed: the next day begins.',
  args: z.object({}).strict(),
  example: {},
  plan: () => [{ op: 'add', path: ['day'], by: 1 }],
});

const buildEventDeck = defineAction({
  name: 'build-event-deck',
  description:
    'Builds the Event deck with the rules engine (twom.event-deck: 3 Final Events, Chapter III, 4 Events, Chapter II, 3 Events, Chapter I), ' +
    'shuffled from the campaign’s random stream, which then moves on. Refused while cards are left in the deck.',
  args: z
    .object({
      events: cardList('The Event cards to draw the random ones from, at least 7.'),
      finalEvents: cardList('The 3 Final Event cards.'),
    })
    .strict(),
  // The seeds name no Event card, so the example uses stand-in names; an app sends its box's cards.
  example: { events: ['Event 1', 'Event 2', 'Event 3', 'Event 4', 'Event 5', 'Event 6', 'Event 7'], finalEvents: ['Final Event 1', 'Final Event 2', 'Final Event 3'] },
  plan: (state: TwomState, args) => {
    if (state.eventDeck.cards.length > 0) reject('CONFLICT', 'deck-not-empty', `The Event deck still holds ${state.eventDeck.cards.length} cards`);
    let built;
    try {
      built = runProcedure(twom.twomEventDeckProcedure, args, { rngState: state.eventDeck.rngState }, undefined);
    } catch (error) {
      if (!(error instanceof RuleInputError)) throw error;
      // The engine's own field and rule, as the rules subgraph reports them for the same input.
      return reject('BAD_USER_INPUT', error.rule, error.message, error.field === 'input' ? 'args' : `args.${error.field}`);
    }
    return [
      { op: 'set', path: ['eventDeck', 'cards'], from: state.eventDeck.cards, to: built.result.deck },
      { op: 'set', path: ['eventDeck', 'rngState'], from: state.eventDeck.rngState, to: built.rngState },
    ];
  },
});

const drawEvent = defineAction({
  name: 'draw-event',
  description: 'Draws the top card of the Event deck; a Chapter card becomes the current chapter. Refused when the deck is empty.',
  args: z.object({}).strict(),
  example: {},
  exampleAfter: ['build-event-deck'],
  plan: (state: TwomState) => {
    const [top, ...rest] = state.eventDeck.cards;
    if (!top) reject('CONFLICT', 'deck-empty', 'The Event deck is empty');
    const changes: StateChange[] = [
      { op: 'set', path: ['eventDeck', 'cards'], from: state.eventDeck.cards, to: rest },
      { op: 'set', path: ['eventDeck', 'drawn'], from: state.eventDeck.drawn, to: [...state.eventDeck.drawn, top] },
    ];
    if (top.kind === 'chapter') changes.push({ op: 'set', path: ['chapter'], from: state.chapter, to: top.name.replace(/^Chapter\s+/, '') });
    return changes;
  },
});

const readScript = defineAction({
  name: 'read-script',
  description: 'Records that a script was read. Refused when it is already recorded.',
  args: z.object({ script: label('The script as the book numbers or names it, e.g. "Blood in the Snow 2".') }).strict(),
  example: { script: 'Blood in the Snow 1' },
  plan: (state: TwomState, { script }) => {
    if (state.scriptsRead.includes(script)) reject('CONFLICT', 'already-read', `${script} is already recorded as read`, 'args.script');
    return [{ op: 'set', path: ['scriptsRead'], from: state.scriptsRead, to: [...state.scriptsRead, script] }];
  },
});

const useModule = defineAction({
  name: 'use-module',
  description: 'Adds a module to the campaign (the Cat, Farmers and Market, Sewers, ...). Refused when it is already in use.',
  args: z.object({ module: label('The module as the box names it.') }).strict(),
  example: { module: 'Sewers' },
  plan: (state: TwomState, { module }) => {
    if (state.modules.includes(module)) reject('CONFLICT', 'already-in-use', `${module} is already in use`, 'args.module');
    return [{ op: 'set', path: ['modules'], from: state.modules, to: [...state.modules, module] }];
  },
});

const startScenario = defineAction({
  name: 'start-scenario',
  description: 'Starts a scenario (an Incident, say) with the tracks it uses at their starting positions. Refused while another is in play.',
  args: z
    .object({
      scenarioId: scenarioContentId,
      tracks: z.record(stateKey('A track the scenario uses.'), z.number().int().min(0).max(1000)).default({}).describe('Track name → starting position, as the scenario sheet prints it.'),
    })
    .strict(),
  // Seed 000, Blood in the Snow: the SUSPICIONS token on "0", the BLIZZARD token on "3".
  example: { scenarioId: 'twom:scenario:blood-in-the-snow', tracks: { Suspicions: 0, Blizzard: 3 } },
  plan: (state: TwomState, { scenarioId, tracks }) => {
    if (state.scenario) reject('CONFLICT', 'scenario-in-play', `${state.scenario.id} is still in play`, 'args.scenarioId');
    return [{ op: 'set', path: ['scenario'], from: null, to: { id: scenarioId, tracks } }];
  },
});

const adjustTrack = defineAction({
  name: 'adjust-track',
  description: 'Moves a track of the scenario in play. A track never goes below 0; the rulebooks print no general maximum.',
  args: z.object({ track: stateKey('A track the scenario started with.'), by: countChange(20, 'Change, -20 to 20, not 0.') }).strict(),
  example: { track: 'Suspicions', by: 1 },
  exampleAfter: ['start-scenario'],
  plan: (state: TwomState, { track, by }) => {
    if (!state.scenario) reject('CONFLICT', 'no-scenario', 'No scenario is in play');
    if (entryOf(state.scenario!.tracks, track) === undefined) reject('NOT_FOUND', 'track', `${state.scenario!.id} has no track ${track}`, 'args.track');
    return [{ op: 'add', path: ['scenario', 'tracks', track], by }];
  },
});

const finishScenario = defineAction({
  name: 'finish-scenario',
  description: 'Ends the scenario in play and records it as played, and as won when `won` is true.',
  args: z.object({ won: z.boolean().describe('Whether the group won it.') }).strict(),
  example: { won: true },
  exampleAfter: ['start-scenario'],
  plan: (state: TwomState, { won }) => {
    if (!state.scenario) reject('CONFLICT', 'no-scenario', 'No scenario is in play');
    const id = state.scenario!.id;
    const changes: StateChange[] = [
      { op: 'set', path: ['scenario'], from: state.scenario, to: null },
      { op: 'set', path: ['scenariosPlayed'], from: state.scenariosPlayed, to: [...state.scenariosPlayed, id] },
    ];
    if (won) changes.push({ op: 'set', path: ['scenariosWon'], from: state.scenariosWon, to: [...state.scenariosWon, id] });
    return changes;
  },
});

const recordScenarioOutcome = defineAction({
  name: 'record-scenario-outcome',
  description:
    'Records a scenario played, and won when `won` is true, with the envelope its sheet names when there is one; a scenario in play with this id ends. ' +
    'Refused while a different scenario is in play. The `recordScenarioOutcome` mutation sends this action and, for a win that names an envelope, ' +
    'opens it for the whole group; pushed directly it records the outcome only and opens nothing.',
  args: z
    .object({
      scenarioId: scenarioContentId,
      won: z.boolean().describe('Whether the group won it.'),
      envelopeId: contentId('twom:envelope:', 'The envelope the win opens, by its content id (`twom:envelope:a` to `twom:envelope:e`); null when none is named.')
        .nullable()
        .default(null),
      envelopeNamedBy: z
        .enum(['PACK', 'SCENARIO_SHEET'])
        .nullable()
        .default(null)
        .describe('Who named the envelope: the content pack, or the players reading their scenario sheet; null when none is named.'),
    })
    .strict(),
  example: { scenarioId: 'twom:scenario:epidemic', won: true, envelopeId: 'twom:envelope:c', envelopeNamedBy: 'SCENARIO_SHEET' },
  plan: (state: TwomState, { scenarioId, won }) => {
    if (state.scenario && state.scenario.id !== scenarioId) {
      reject('CONFLICT', 'other-scenario-in-play', `${state.scenario.id} is in play, not ${scenarioId}: finish it first`, 'args.scenarioId');
    }
    const changes: StateChange[] = [];
    if (state.scenario) changes.push({ op: 'set', path: ['scenario'], from: state.scenario, to: null });
    changes.push({ op: 'set', path: ['scenariosPlayed'], from: state.scenariosPlayed, to: [...state.scenariosPlayed, scenarioId] });
    if (won) changes.push({ op: 'set', path: ['scenariosWon'], from: state.scenariosWon, to: [...state.scenariosWon, scenarioId] });
    return changes;
  },
});

const addNote = defineAction({
  name: 'add-note',
  description: 'Keeps a note with the campaign.',
  args: noteArgs,
  example: { text: 'Ran out of water on day 3.' },
  plan: (state: TwomState, { text }) => [{ op: 'set', path: ['notes'], from: state.notes, to: [...state.notes, { text }] }],
});

export const twomActions: readonly Action[] = [
  addCharacter,
  removeCharacter,
  adjustLevel,
  setCharacterState,
  addResource,
  spendResource,
  buildFitting,
  advanceDay,
  buildEventDeck,
  drawEvent,
  readScript,
  useModule,
  startScenario,
  adjustTrack,
  finishScenario,
  recordScenarioOutcome,
  addNote,
] as Action[];

/**
 * The one action only the server makes: the campaigns worker adds an envelope
 * the group opened to each of its campaigns, in batches of set-based SQL that
 * make exactly the change `openingChanges` plans. It is not in the catalog,
 * so no device can push it.
 */
export const OPEN_ENVELOPE_ACTION = 'open-envelope';
