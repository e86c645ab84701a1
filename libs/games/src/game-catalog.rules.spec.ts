import { z } from 'zod';
import { defineProcedure, numberedDie, ProcedureHome, RollableDie, ROLL_DICE_PROCEDURE_ID, SHARED_GAME_ID } from '@scriptbook/rules-engine';
import { GameCatalog } from './game-catalog';
import { defineGame, GameDescriptor } from './game-descriptor';
import { GAMES, RELEASE_CATALOG } from './games';

/** A made-up game for these tests: no release lists it. */
function fixtureGame(options: { id?: string; modules?: string[]; homes?: ProcedureHome[]; dice?: RollableDie[] } = {}): GameDescriptor {
  const id = options.id ?? 'fixture';
  const homes = options.homes ?? [{ gameId: id }];
  return defineGame({
    id,
    content: { packs: [], kinds: [] },
    modules: (options.modules ?? []).map((module) => ({ id: module, packId: module })),
    rules: {
      procedures: homes.map((home, i) =>
        defineProcedure({
          id: `${id}.peek-${i}`,
          ...home,
          field: `${id}Peek${i}`,
          description: 'Peeks',
          draws: false,
          input: z.object({}).strict().describe('Nothing.'),
          result: z.object({ seen: z.boolean().describe('Always true.') }).describe('What was seen.'),
          run: () => ({ seen: true }),
        }),
      ),
      examples: Object.fromEntries(homes.map((_, i) => [`${id}.peek-${i}`, {}])),
      dice: options.dice,
    },
  });
}

const d8: RollableDie = { ...numberedDie('d8', 'eight-sided die', 8), description: 'An eight-sided die.' };

describe('the catalog’s procedures, in the content’s vocabulary', () => {
  it('gives every procedure of a game that game’s content id, and a module of the game where it has modules', () => {
    const misplaced = GAMES.flatMap((game) =>
      game.rules.procedures
        .filter((p) => p.gameId !== game.id || (game.modules.length > 0 ? !game.modules.some((m) => m.id === p.moduleId) : p.moduleId !== undefined))
        .map((p) => p.id),
    );
    expect(misplaced).toEqual([]);
    const twom = RELEASE_CATALOG.procedures.filter((p) => p.gameId === 'twom');
    expect(new Set(twom.map((p) => p.moduleId))).toEqual(new Set(['twom:module:core', 'twom:module:tales-from-the-ruined-city', 'twom:module:tactics']));
    expect(twom.map((p) => p.id)).toEqual(expect.arrayContaining(['twom.setup', 'twom-tales.incident-setup', 'twom-tactics.hide-test']));
  });

  it('keeps the dice roller under the shared id, which no game may take', () => {
    const roller = RELEASE_CATALOG.procedure(ROLL_DICE_PROCEDURE_ID)!;
    expect([roller.gameId, roller.moduleId]).toEqual([SHARED_GAME_ID, undefined]);
    expect(RELEASE_CATALOG.gameById(SHARED_GAME_ID)).toBeNull();
    expect(() => new GameCatalog([fixtureGame({ id: SHARED_GAME_ID })])).toThrow(`no game may have the id ${SHARED_GAME_ID}`);
  });

  it.each([
    ['names another game', { homes: [{ gameId: 'elsewhere' }] }, 'names the game elsewhere'],
    ['names a module in a game without modules', { homes: [{ gameId: 'fixture', moduleId: 'fixture:module:extra' }] }, 'has no modules'],
    ['names no module in a game with modules', { modules: ['fixture:module:base'], homes: [{ gameId: 'fixture' }] }, 'names one of its modules'],
    ['names a module the game does not have', { modules: ['fixture:module:base'], homes: [{ gameId: 'fixture', moduleId: 'fixture:module:other' }] }, 'not fixture:module:other'],
  ])('refuses a game whose procedure %s', (_what, options, message) => {
    expect(() => new GameCatalog([fixtureGame(options)])).toThrow(message);
  });

  it('refuses two procedures of one id or one query field', () => {
    expect(() => new GameCatalog([fixtureGame(), fixtureGame()])).toThrow('two games have the id fixture');
    const twin = fixtureGame({ id: 'twin' });
    const clash = { ...twin, rules: { ...twin.rules, procedures: [{ ...twin.rules.procedures[0], field: 'fixturePeek0' }] } };
    expect(() => new GameCatalog([fixtureGame(), clash])).toThrow('two procedures are served as fixturePeek0');
  });

  it('finds a procedure by id, and answers null for an id it does not hold', () => {
    expect(RELEASE_CATALOG.procedure('twom-tactics.hide-test')?.field).toBe('tacticsHideTest');
    expect(RELEASE_CATALOG.procedure('twom.nope')).toBeNull();
  });
});

describe('the dice roller offers the games’ dice', () => {
  const dieKinds = (catalog: GameCatalog) => catalog.procedure(ROLL_DICE_PROCEDURE_ID)?.input.shape.die.options;

  it('offers the release’s games’ dice, in catalog order', () => {
    expect(dieKinds(RELEASE_CATALOG)).toEqual(['black-d10', 'd6']);
  });

  it('offers a game’s own die as soon as the game is in the catalog, and a worked input rolls it', () => {
    const catalog = new GameCatalog([fixtureGame({ dice: [d8] })]);
    expect(dieKinds(catalog)).toEqual(['d8']);
    expect(catalog.workedExamples[ROLL_DICE_PROCEDURE_ID]).toEqual({ die: 'd8', count: 3 });
  });

  it('has no dice roller when no game offers a die', () => {
    const catalog = new GameCatalog([fixtureGame()]);
    expect(catalog.procedure(ROLL_DICE_PROCEDURE_ID)).toBeNull();
    expect(catalog.procedures.map((p) => p.id)).toEqual(['fixture.peek-0']);
  });
});

/**
 * Procedure ids are permanent (docs/api.md, "Procedure ids"): every id the
 * API served on 2026-12-01 still names a procedure, in the same game.
 */
const RELEASED_PROCEDURE_IDS: Readonly<Record<string, string>> = {
  'dice.roll': 'dice',
  ...Object.fromEntries(
    ['setup', 'event-deck', 'pick-lock', 'dusk', 'night-assignment', 'scavenge-unknown-deck', 'noise-roll', 'carrying-capacity', 'night-raid', 'crime-wave', 'dawn-draws', 'narrative-action-choice'].map(
      (name) => [`twom.${name}`, 'twom'],
    ),
  ),
  ...Object.fromEntries(
    [
      'incident-setup', 'cat', 'wait-a-minute', 'stuff-of-nightmares', 'jokes-and-hopes', 'through-the-window', 'luka-dawn', 'refugees-dawn',
      'refugees-cover-roll', 'side-by-side-dawn', 'emira-spirit', 'sewers-exit', 'sewers-thugs-enter', 'sewers-thugs-forfeit', 'desperate-people',
      'market-visit', 'lets-avoid-the-infected', 'do-not-leave-me-to-die', 'kill-the-goat',
    ].map((name) => [`twom-tales.${name}`, 'twom']),
  ),
  ...Object.fromEntries(
    ['map-setup', 'starting-spaces', 'hide-test', 'noise-test', 'unmark-enemies', 'alarm-roll', 'flee'].map((name) => [`twom-tactics.${name}`, 'twom']),
  ),
  ...Object.fromEntries(['setup', 'scene', 'end-round'].map((name) => [`hope-inhumanity.${name}`, 'hope-inhumanity'])),
  ...Object.fromEntries(['scenario-randomizer', 'setup', 'fate-triggers', 'script-step', 'score'].map((name) => [`stalker-zs.${name}`, 'stalker-zs'])),
};

describe('released procedure ids', () => {
  it('still name a procedure of the same game', () => {
    const moved = Object.entries(RELEASED_PROCEDURE_IDS).filter(([id, gameId]) => RELEASE_CATALOG.procedure(id)?.gameId !== gameId);
    expect(moved).toEqual([]);
  });
});
