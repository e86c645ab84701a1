import { gameContentLibrary } from '@scriptbook/game-host';
import fc from 'fast-check';
import { ActionRejection, actionOf, applyAction, applyChanges } from '@scriptbook/campaign-model';
import { CAMPAIGN_GAME_IDS, campaignModelOf } from './games';

const newState = (gameId: string) => campaignModelOf(gameId)!.initial('args-seed', null).state;

/** The state after the examples `names` lists, in that order, from a new campaign. */
function after(gameId: string, names: readonly string[]): unknown {
  const system = campaignModelOf(gameId)!;
  return names.reduce((state, name) => applyAction(system.stateSchema, actionOf(system, name)!, state, actionOf(system, name)!.example).state, newState(gameId));
}

function rejectionOf(gameId: string, state: unknown, name: string, args: unknown): ActionRejection {
  const system = campaignModelOf(gameId)!;
  try {
    applyAction(system.stateSchema, actionOf(system, name)!, state, args);
  } catch (error) {
    if (error instanceof ActionRejection) return error;
    throw error;
  }
  throw new Error(`${name} ${JSON.stringify(args)} was accepted`);
}

/** Names every plain object answers to without holding them. */
const RESERVED = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];

// JSON.parse makes `__proto__` an ordinary own key, as a request body does.
const keyed = (key: string, value: unknown) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as object;

describe('names that would reach Object.prototype', () => {
  const twomWithEmira = () => after('twom', ['add-character']);

  it.each(RESERVED)('refuses %s wherever an action names a record entry, with the field and rule reserved-key', (name) => {
    const cases: [string, string, unknown, unknown, string][] = [
      ['twom', 'add-character', newState('twom'), { character: name }, 'args.character'],
      ['twom', 'remove-character', twomWithEmira(), { character: name }, 'args.character'],
      ['twom', 'adjust-level', twomWithEmira(), { character: name, level: 'hunger', by: 1 }, 'args.character'],
      ['twom', 'set-character-state', twomWithEmira(), { character: name, state: 'Wounded', on: true }, 'args.character'],
      ['twom', 'add-resource', newState('twom'), { resource: name, amount: 3 }, 'args.resource'],
      ['twom', 'spend-resource', newState('twom'), { resource: name, amount: 3 }, 'args.resource'],
      ['twom', 'build-fitting', newState('twom'), { fitting: 'Bed', cost: keyed(name, 1) }, `args.cost.${name}`],
      ['twom', 'start-scenario', newState('twom'), { scenarioId: 'twom:scenario:refugees', tracks: keyed(name, 1) }, `args.tracks.${name}`],
      ['twom', 'adjust-track', after('twom', ['start-scenario']), { track: name, by: 1 }, 'args.track'],
      ['hope-inhumanity', 'add-player', newState('hope-inhumanity'), { player: name, humanity: 3 }, 'args.player'],
      ['hope-inhumanity', 'adjust-humanity', after('hope-inhumanity', ['add-player']), { player: name, by: 1 }, 'args.player'],
    ];
    for (const [gameId, action, state, args, field] of cases) {
      const copy = JSON.stringify(state);
      expect({ action, rejection: { ...rejectionOf(gameId, state, action, args) } }).toMatchObject({
        action,
        rejection: { code: 'BAD_USER_INPUT', rule: 'reserved-key', field },
      });
      expect(JSON.stringify(state)).toBe(copy);
    }
  });

  it('no longer lets a Storage that holds nothing pay: the change log and the state agree', () => {
    // The finding: `__proto__` was accepted, showed nowhere in the state, and could then be spent.
    expect(rejectionOf('twom', newState('twom'), 'add-resource', { resource: '__proto__', amount: 3 }).rule).toBe('reserved-key');
    expect(rejectionOf('twom', newState('twom'), 'spend-resource', { resource: '__proto__', amount: 3 }).rule).toBe('reserved-key');
  });

  it('applies every accepted action so that replaying its delta gives its state, whatever names the args carry', () => {
    const stringArgs = (example: object) => Object.entries(example).filter(([, value]) => typeof value === 'string').map(([key]) => key);
    const cases = CAMPAIGN_GAME_IDS.flatMap((gameId) =>
      campaignModelOf(gameId)!.actions.flatMap((action) => stringArgs(action.example as object).map((arg) => ({ gameId, action, arg }))),
    );
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.constantFrom(...RESERVED, 'Water', 'Emira'), ({ gameId, action, arg }, name) => {
        const system = campaignModelOf(gameId)!;
        const before = after(gameId, action.exampleAfter ?? []);
        let applied;
        try {
          applied = applyAction(system.stateSchema, action, before, { ...(action.example as object), [arg]: name });
        } catch (error) {
          if (!(error instanceof ActionRejection)) throw error;
          if (RESERVED.includes(name) && error.code === 'BAD_USER_INPUT') expect(error.rule).not.toBe('args');
          return;
        }
        // What devices replay from the log (JSON) is what the server holds.
        const replayed = applyChanges(JSON.parse(JSON.stringify(before)), JSON.parse(JSON.stringify(applied.delta)));
        expect(JSON.parse(JSON.stringify(replayed))).toEqual(JSON.parse(JSON.stringify(applied.state)));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
    );
  });
});

describe('refused action arguments name the rule they broke', () => {
  it.each([
    ['twom', 'add-resource', {}, { resource: 'Water', amount: 0 }, 'args.amount', 'range'],
    ['twom', 'add-resource', {}, { resource: 'Water', amount: 1.5 }, 'args.amount', 'integer'],
    ['twom', 'add-resource', {}, { resource: 'Water', amount: 'two' }, 'args.amount', 'type'],
    ['twom', 'add-resource', {}, { amount: 2 }, 'args.resource', 'required'],
    ['twom', 'add-resource', {}, { resource: 'Water', amount: 2, colour: 'blue' }, 'args.colour', 'unknown-field'],
    ['twom', 'add-resource', {}, { resource: 'Wa\u0000ter', amount: 2 }, 'args.resource', 'plain-text'],
    ['twom', 'add-resource', {}, { resource: 'Water\u202E', amount: 2 }, 'args.resource', 'plain-text'],
    ['twom', 'add-resource', {}, { resource: '  ', amount: 2 }, 'args.resource', 'min'],
    ['twom', 'add-note', {}, { text: 'x'.repeat(501) }, 'args.text', 'max'],
    ['twom', 'adjust-level', { after: ['add-character'] }, { character: 'Emira', level: 'joy', by: 1 }, 'args.level', 'one-of'],
    ['twom', 'adjust-level', { after: ['add-character'] }, { character: 'Emira', level: 'hunger', by: 0 }, 'args.by', 'not-zero'],
    ['twom', 'adjust-level', { after: ['add-character'] }, { character: 'Emira', level: 'hunger', by: 21 }, 'args.by', 'range'],
    ['twom', 'start-scenario', {}, { scenarioId: 'Blood in the Snow' }, 'args.scenarioId', 'content-id'],
    ['twom', 'build-event-deck', {}, { events: ['Event 1'], finalEvents: ['F1', 'F2', 'F3'] }, 'args.events', 'too-small'],
    ['stalker-zs', 'start-scenario', {}, { scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'Map 1', stalkers: ['A'] }, 'args.mapId', 'content-id'],
    ['stalker-zs', 'start-scenario', {}, { scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:1', stalkers: [] }, 'args.stalkers', 'range'],
    ['hope-inhumanity', 'set-condition', {}, { condition: 'Hunger', on: true }, 'args.condition', 'content-id'],
  ] as const)('%s %s %j', (gameId, action, { after: before = [] }: { after?: readonly string[] }, args, field, rule) => {
    expect({ ...rejectionOf(gameId, after(gameId, before), action, args) }).toMatchObject({ code: 'BAD_USER_INPUT', field, rule });
  });

  it('never reports the catch-all rule "args"', () => {
    for (const gameId of CAMPAIGN_GAME_IDS) {
      for (const action of campaignModelOf(gameId)!.actions) {
        for (const args of ['text', [1], { ...(action.example as object), unexpected: 1 }]) {
          const state = after(gameId, action.exampleAfter ?? []);
          expect(rejectionOf(gameId, state, action.name, args).rule).not.toBe('args');
        }
      }
    }
  });
});

describe('catalog examples that name a content item', () => {
  const library = gameContentLibrary();
  const CONTENT_ARGS = ['scenarioId', 'mapId', 'setupCards', 'request', 'condition', 'envelopeId'];

  it('name it by an id the packs hold, so recordScenarioOutcome and scoring accept what the catalog shows', () => {
    const named: string[] = [];
    for (const gameId of CAMPAIGN_GAME_IDS) {
      for (const action of campaignModelOf(gameId)!.actions) {
        for (const [arg, value] of Object.entries(action.example as Record<string, unknown>)) {
          if (!CONTENT_ARGS.includes(arg)) continue;
          for (const id of [value].flat()) {
            named.push(`${gameId} ${action.name} ${arg}`);
            expect({ action: action.name, arg, id, held: library.get(id as string)?.id }).toEqual({ action: action.name, arg, id, held: id });
          }
        }
      }
    }
    expect(named).toEqual(
      expect.arrayContaining([
        'twom start-scenario scenarioId',
        'twom record-scenario-outcome scenarioId',
        'stalker-zs start-scenario mapId',
        'stalker-zs take-request request',
        'hope-inhumanity set-condition condition',
      ]),
    );
  });

  it('the twom start-scenario example names a scenario whose tracks start where its Setup prints them', () => {
    const example = actionOf(campaignModelOf('twom')!, 'start-scenario')!.example as { scenarioId: string; tracks: Record<string, number> };
    const tracks = library.itemsOfGame('twom').filter((item) => item.kind === 'twom-track' && (item as { scenarioId?: string }).scenarioId === example.scenarioId);
    const printed = Object.fromEntries(tracks.map((track) => [(track as { name: string }).name.replace(/ tracks?$/, ''), (track as { start: unknown }).start]));
    for (const [track, start] of Object.entries(example.tracks)) expect({ track, start }).toEqual({ track, start: printed[track] });
  });
});

describe('stored campaign states', () => {
  it('has every state schema refuse a stored record entry under a reserved name', () => {
    const twom = campaignModelOf('twom')!;
    const stored = JSON.parse(JSON.stringify(twom.initial('s', null).state)) as Record<string, unknown>;
    stored.storage = JSON.parse('{"__proto__": 3}');
    const checked = twom.stateSchema.safeParse(stored);
    expect(checked.success).toBe(false);
    expect(!checked.success && checked.error.issues[0]).toMatchObject({ path: ['storage', '__proto__'], params: { rule: 'reserved-key' } });
});
});
