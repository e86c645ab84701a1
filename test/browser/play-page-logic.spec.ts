import { zodToJsonSchema } from '@scriptbook/platform/graphql/zod';
import { GAMES } from '@scriptbook/games';
import type { CatalogAction, PendingAction, Rejection, SyncStatus } from '@scriptbook/client';
import { ActionInputError, NetworkError, ScriptbookError } from '@scriptbook/client';
import { CampaignNames, NAMES_KEPT } from '../../web/play/src/campaign-names';
import { loadCatalog } from '../../web/play/src/catalog-cache';
import { isPageFile, OFFLINE_FILES } from '../../web/play/src/offline-files';
import { addressWithCampaign, campaignInAddress, shareInAddress, spectatorAddress } from '../../web/play/src/page-address';
import { argsFromForm, FormField, formFields, labelOf } from '../../web/play/src/schema-form';
import { connectionWords, errorWords, joinErrorWords, pendingActionWords, pendingWords, rejectionWords } from '../../web/play/src/table-words';

/**
 * The table screen's pure parts, in Node: forms made from the action
 * catalog's JSON Schemas (the very schemas the campaigns subgraph serves,
 * made from each game's model here as there), what the screen says about
 * sync, waiting actions and refusals, the address, the offline worker's
 * choice of files and the device's copy of the catalog.
 */

/** Every action of every game of the release, with its args' JSON Schema as `campaignActions` gives it. */
const CATALOG = GAMES.flatMap((game) => (game.campaign ? game.campaign.actions.map((action) => ({ game: game.id, action, schema: zodToJsonSchema(action.args, action.name) })) : []));

const twom = (name: string) => CATALOG.find((entry) => entry.game === 'twom' && entry.action.name === name)!;

const SYNC: SyncStatus = { connection: 'online', behind: false, archived: false, serverVersion: 3, live: 'following', pushing: false, pulling: false, nextRetryAt: null, error: null };

describe('forms made from an action’s JSON Schema', () => {
  it('gives every field of every action of every game a control of its kind, none left as raw JSON', () => {
    for (const { game, action, schema } of CATALOG) {
      const fields = formFields(schema);
      const properties = Object.keys((schema as { properties: Record<string, unknown> }).properties);
      expect({ game, action: action.name, fields: fields.map((field) => field.name) }).toEqual({ game, action: action.name, fields: properties });
      expect({ game, action: action.name, raw: fields.filter((field) => field.kind === 'json').map((field) => field.name) }).toEqual({ game, action: action.name, raw: [] });
    }
  });

  it('reads each kind of schema: text with its bound, whole numbers with their range, choices with their descriptions, lists, counts, nullable choices', () => {
    const byName = (fields: FormField[]) => Object.fromEntries(fields.map((field) => [field.name, field]));
    const resource = byName(formFields(twom('add-resource').schema));
    expect(resource.resource).toMatchObject({ kind: 'text', label: 'Resource', required: true, hint: 'The token or resource, e.g. "Water".' });
    expect(resource.amount).toMatchObject({ kind: 'integer', min: 1, max: 1000, required: true });

    const level = byName(formFields(twom('adjust-level').schema)).level;
    expect(level.kind).toBe('choice');
    expect(level.kind === 'choice' && level.options.map((option) => option.value)).toEqual(['hunger', 'misery', 'wounds', 'fatigue', 'illness']);
    // Each choice reads as its value and the description the game's model gives it.
    const levels = (twom('adjust-level').schema as { properties: { level: { oneOf: { const: string; description: string }[] } } }).properties.level.oneOf;
    expect(level.kind === 'choice' && level.options.map((option) => option.label)).toEqual(levels.map((choice) => `${choice.const} — ${choice.description}`));

    const deck = byName(formFields(twom('build-event-deck').schema));
    expect(deck.events).toMatchObject({ kind: 'list', maxItems: 200, label: 'Events' });
    expect(deck.finalEvents).toMatchObject({ kind: 'list', label: 'Final events' });
    expect(byName(formFields(twom('build-fitting').schema)).cost).toMatchObject({ kind: 'counts', required: false });

    const outcome = byName(formFields(twom('record-scenario-outcome').schema));
    expect(outcome.won).toMatchObject({ kind: 'boolean', required: true });
    expect(outcome.envelopeId).toMatchObject({ kind: 'text', required: false, maxLength: 160 });
    expect(outcome.envelopeNamedBy.kind === 'choice' && outcome.envelopeNamedBy.options.map((option) => option.value)).toEqual(['PACK', 'SCENARIO_SHEET']);
    expect(formFields(twom('advance-day').schema)).toEqual([]);
  });

  it('turns what was typed into args the game’s model accepts', () => {
    const cases: [string, Record<string, string | boolean>, Record<string, unknown>][] = [
      ['add-resource', { resource: ' Water ', amount: '2' }, { resource: 'Water', amount: 2 }],
      ['adjust-level', { character: 'Emira', level: 'wounds', by: '-1' }, { character: 'Emira', level: 'wounds', by: -1 }],
      ['build-fitting', { fitting: 'Bed', cost: 'Wood = 2\n\nComponents: 1' }, { fitting: 'Bed', cost: { Wood: 2, Components: 1 } }],
      ['build-event-deck', { events: 'a\n b \n\nc', finalEvents: 'x\ny\nz' }, { events: ['a', 'b', 'c'], finalEvents: ['x', 'y', 'z'] }],
      ['record-scenario-outcome', { scenarioId: 'twom:scenario:blood-in-the-snow', won: false, envelopeId: '', envelopeNamedBy: '' }, { scenarioId: 'twom:scenario:blood-in-the-snow', won: false }],
      ['advance-day', {}, {}],
    ];
    for (const [name, values, expected] of cases) {
      const { action, schema } = twom(name);
      const read = argsFromForm(formFields(schema), values);
      expect(read).toEqual({ ok: true, args: expected });
      expect(action.args.safeParse(expected).success).toBe(true);
    }
  });

  it('leaves an empty required field out, for the model to name as missing, and refuses what it cannot read, naming the arg', () => {
    const resource = formFields(twom('add-resource').schema);
    expect(argsFromForm(resource, { resource: 'Water', amount: '' })).toEqual({ ok: true, args: { resource: 'Water' } });
    expect(argsFromForm(resource, { resource: 'Water', amount: '1.5' })).toEqual({
      ok: false,
      problem: { field: 'args.amount', rule: 'integer', message: 'Amount: a whole number is needed' },
    });
    expect(argsFromForm(resource, { resource: 'Water', amount: 'two' })).toMatchObject({ ok: false, problem: { field: 'args.amount', rule: 'integer' } });
    expect(argsFromForm(formFields(twom('build-fitting').schema), { fitting: 'Bed', cost: 'Wood two' })).toMatchObject({ ok: false, problem: { field: 'args.cost', rule: 'counts' } });
    const open = formFields({ type: 'object', properties: { extra: { description: 'anything' } }, required: [] });
    expect(open).toEqual([{ name: 'extra', label: 'Extra', hint: 'anything', required: false, kind: 'json' }]);
    expect(argsFromForm(open, { extra: '{"a":' })).toMatchObject({ ok: false, problem: { field: 'args.extra', rule: 'json' } });
    expect(argsFromForm(open, { extra: '{"a":1}' })).toEqual({ ok: true, args: { extra: { a: 1 } } });
  });

  it('labels names as a player reads them', () => {
    expect(labelOf('scenarioId')).toBe('Scenario id');
    expect(labelOf('set-up_cards')).toBe('Set up cards');
  });
});

describe('what the screen says', () => {
  const pending = (overrides: Partial<PendingAction>): PendingAction => ({ id: 'a', seq: 3, name: 'add-resource', args: { resource: 'Water', amount: 2 }, status: 'queued', conflict: null, ...overrides });

  it('tells online, behind, offline, signed out and stopped apart', () => {
    expect(connectionWords(SYNC)).toBe('Online (live updates on)');
    expect(connectionWords({ ...SYNC, behind: true, live: 'off' })).toBe('Online, behind: the server holds newer changes, fetching them (checking for changes now and then)');
    expect(connectionWords({ ...SYNC, connection: 'offline' })).toMatch(/^Offline: actions are kept on this device/);
    expect(connectionWords({ ...SYNC, connection: 'signed-out' })).toMatch(/^Signed out/);
    expect(connectionWords({ ...SYNC, connection: 'deleted' })).toMatch(/^Deleted: a member deleted this campaign/);
    expect(connectionWords({ ...SYNC, archived: true })).toBe('Online (live updates on); archived: read-only, actions wait here until a member unarchives it');
    expect(connectionWords({ ...SYNC, connection: 'stopped', error: { code: 'NOT_FOUND', rule: 'exists', field: 'campaignId', message: 'No such campaign' } })).toBe(
      'Stopped: No such campaign (code NOT_FOUND, field campaignId, rule exists)',
    );
  });

  it('counts waiting actions and says where each stands, with a conflict the device already sees', () => {
    expect(pendingWords([])).toBe('Nothing waiting: every action is confirmed');
    expect(pendingWords([pending({})])).toBe('1 action waits for the server');
    expect(pendingWords([pending({}), pending({ id: 'b' })])).toBe('2 actions wait for the server');
    expect(pendingActionWords(pending({}))).toBe('#3 add-resource (resource Water, amount 2): waiting to be sent');
    expect(pendingActionWords(pending({ seq: null, status: 'saving', name: 'advance-day', args: {} }))).toBe('advance-day: saving on this device');
    const conflict = { code: 'CONFLICT', rule: 'storage-below-zero', field: 'args.amount', reason: 'The Storage holds 0 Water, fewer than 1' };
    expect(pendingActionWords(pending({ name: 'spend-resource', args: { resource: 'Water', amount: 1 }, conflict }))).toBe(
      '#3 spend-resource (resource Water, amount 1): waiting to be sent; likely refused: The Storage holds 0 Water, fewer than 1',
    );
  });

  it('shows a refusal with the server’s reason, code, field and rule, and says so when the reason was lost', () => {
    const rejection: Rejection = { id: 'r', seq: 4, name: 'spend-resource', args: { resource: 'Medicine', amount: 1 }, code: 'CONFLICT', rule: 'storage-below-zero', field: 'args.amount', reason: 'The Storage holds 0 Medicine, fewer than 1', reasonKnown: true };
    expect(rejectionWords(rejection)).toBe(
      'spend-resource (resource Medicine, amount 1) was refused: The Storage holds 0 Medicine, fewer than 1 (code CONFLICT, field args.amount, rule storage-below-zero)',
    );
    expect(rejectionWords({ ...rejection, reasonKnown: false, code: 'UNKNOWN', rule: 'reason-lost', reason: '' })).toContain('the answer that said why was lost (code UNKNOWN, field args.amount, rule reason-lost)');
  });

  it('words the SDK’s errors and the refusals of a join by their rule', () => {
    const refused = (code: string, rule: string, field = 'code') => new ScriptbookError([{ message: 'refused', extensions: { code, field, rule } }]);
    expect(joinErrorWords(refused('NOT_FOUND', 'exists'))).toBe('No invitation has this code: check it with the person who shared it (code NOT_FOUND, field code, rule exists)');
    expect(joinErrorWords(refused('BAD_USER_INPUT', 'format'))).toMatch(/^That is not an invitation code/);
    expect(joinErrorWords(refused('BAD_USER_INPUT', 'expired'))).toMatch(/^This code has expired: ask a member/);
    expect(joinErrorWords(refused('BAD_USER_INPUT', 'revoked'))).toMatch(/^This code was withdrawn/);
    expect(joinErrorWords(refused('CONFLICT', 'already-member'))).toMatch(/^You are already in this group/);
    const limited = new ScriptbookError([{ message: 'slow down', extensions: { code: 'RATE_LIMITED', field: 'code', rule: 'group-join:account', retryAfter: 42 } }]);
    expect(joinErrorWords(limited)).toBe('Too many tries: wait 42 s and try again (code RATE_LIMITED, field code, rule group-join:account)');
    expect(errorWords(new NetworkError('fetch failed'))).toBe('The server cannot be reached: this needs a connection');
    expect(errorWords(new ActionInputError('args.amount', 'too_small', 'args.amount: Number must be greater than or equal to 1'))).toBe(
      'args.amount: Number must be greater than or equal to 1 (code BAD_USER_INPUT, field args.amount, rule too_small)',
    );
    expect(errorWords(refused('BAD_USER_INPUT', 'min', 'input.name'))).toBe('refused (code BAD_USER_INPUT, field input.name, rule min)');
    expect(errorWords('not an error')).toBe('Something went wrong');
  });
});

describe('the address, the offline worker’s files and the kept catalog', () => {
  it('keeps the open campaign in the address', () => {
    expect(campaignInAddress('?campaign=abc')).toBe('abc');
    expect(campaignInAddress('?campaign=%20')).toBeNull();
    expect(campaignInAddress('')).toBeNull();
    expect(addressWithCampaign('http://127.0.0.1:4000/play/?x=1', 'c-1')).toBe('/play/?x=1&campaign=c-1');
    expect(addressWithCampaign('http://127.0.0.1:4000/play/?campaign=c-1', null)).toBe('/play/');
  });

  it('opens a share link as a spectator from its address', () => {
    const token = 'share-link.0193-link.q3Zt1s0Cq1m9m4H6cR4r3wX0yN8b2V7kP5jL1fA9eDg';
    const address = new URL(spectatorAddress('http://127.0.0.1:4000', 'c-1', token));
    expect(address.pathname).toBe('/play/');
    expect(campaignInAddress(address.search)).toBe('c-1');
    expect(shareInAddress(address.search)).toBe(token);
    expect(shareInAddress('?campaign=c-1')).toBeNull();
    expect(shareInAddress('?share=%20')).toBeNull();
  });

  it('answers only reads of the page’s own files, never the API', () => {
    const scope = new URL('http://127.0.0.1:4000/play/');
    const at = (path: string) => new URL(path, scope);
    expect(isPageFile('GET', at('/play/'), scope)).toBe(true);
    expect(isPageFile('GET', at('/play/?campaign=abc'), scope)).toBe(true);
    for (const file of OFFLINE_FILES) expect(isPageFile('GET', at(file), scope)).toBe(true);
    expect(isPageFile('GET', at('/graphql'), scope)).toBe(false);
    expect(isPageFile('POST', at('/play/main.js'), scope)).toBe(false);
    expect(isPageFile('GET', at('/play/offline-worker.js'), scope)).toBe(false);
    expect(isPageFile('GET', new URL('http://elsewhere.example/play/main.js'), scope)).toBe(false);
    expect(isPageFile('GET', at('/leaderboard/main.js'), scope)).toBe(false);
  });

  it('remembers the names of the campaigns seen, the latest ones when there are too many, and survives a damaged copy', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
    const names = new CampaignNames(storage);
    expect(names.nameOf('c-1')).toBeNull();
    names.remember([{ id: 'c-1', name: 'Winter siege' }]);
    names.remember([{ id: 'c-1', name: 'Winter siege, renamed' }]);
    expect(new CampaignNames(storage).nameOf('c-1')).toBe('Winter siege, renamed');
    names.remember(Array.from({ length: NAMES_KEPT }, (_, i) => ({ id: `n-${i}`, name: `Campaign ${i}` })));
    expect(names.nameOf('c-1')).toBeNull();
    expect(names.nameOf(`n-${NAMES_KEPT - 1}`)).toBe(`Campaign ${NAMES_KEPT - 1}`);
    for (const key of kept.keys()) kept.set(key, '{not json');
    expect(names.nameOf('n-0')).toBeNull();
  });

  it('keeps the server’s catalog on the device and draws the forms from that copy when the server cannot be reached', async () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
    const actions: CatalogAction[] = [{ name: 'add-note', description: 'A note', argsSchema: twom('add-note').schema as CatalogAction['argsSchema'], example: { text: 'x' }, exampleAfter: [] }];
    expect(await loadCatalog('twom', async () => actions, storage)).toEqual({ actions, fromDevice: false });
    const offline = async (): Promise<never> => {
      throw new NetworkError('offline');
    };
    expect(await loadCatalog('twom', offline, storage)).toEqual({ actions, fromDevice: true });
    await expect(loadCatalog('hope-inhumanity', offline, storage)).rejects.toThrow('offline');
    await expect(loadCatalog('no-such-game', async () => null, storage)).rejects.toThrow('The server keeps no campaigns of no-such-game');
  });
});
