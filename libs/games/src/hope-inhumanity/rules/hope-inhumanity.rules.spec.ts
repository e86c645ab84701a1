import fc from 'fast-check';
import { endRound } from './end-round';
import { hopeInhumanityExamples as ex } from './hope-inhumanity.examples';
import { resolveScene, SceneInput } from './scene';
import { hopeSetup } from './setup';

const fieldError = (field: string, rule?: string) =>
  expect.objectContaining({ name: 'RuleInputError', field, ...(rule ? { rule } : {}) });

const scene = ex['hope-inhumanity.scene'] as unknown as SceneInput;

describe('hope-inhumanity rules (seed 003)', () => {
  it('"Split Scene cards into shuffled mini-decks, one for each terrain type"; "five (5) rounds"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = hopeSetup(ex['hope-inhumanity.setup'], seed).result;
        expect(Object.keys(r.sceneDecks)).toEqual(['Urban', 'Rural']);
        expect([...r.sceneDecks.Rural].sort()).toEqual(['Burned Farm', 'Flooded Road', 'Ruined Chapel']);
        expect(r).toMatchObject({ round: 1, rounds: 5, hopePool: 2 });
        expect(r.players.every((p) => p.humanity === 6)).toBe(true);
      }),
    );
  });

  it('"Count the successes: 4s, 5s, and 6s. If the number of successes equals or exceeds the total hardship, you\'re successful"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = resolveScene(scene, seed).result;
        expect(r.dice).toHaveLength(2 + 2 + 1 + 1);
        r.dice!.forEach((d) => expect(d >= 1 && d <= 6).toBe(true));
        expect(r.successes).toBe(r.dice!.filter((d) => d >= 4).length);
        expect(r.totalHardship).toBe(2 + 1);
        expect(r.success).toBe(r.successes! >= 3);
        expect(r.outcomes).toEqual({ Ana: r.success ? 'succeed' : 'fail', Ben: r.success ? 'succeed' : 'fail', Cleo: r.success ? 'succeed' : 'fail', Dan: 'refuse' });
        // "committed Humanity dice are lost" either way; Last Hope and Hope dice leave the pool.
        expect(r.humanity).toEqual({ Ana: 3, Ben: 1, Cleo: 0, Dan: 4 });
        expect(r.hopePool).toBe(1);
      }),
    );
  });

  it('"Do not apply any helpers\' condition penalties"', () => {
    const heavyHelper = { ...scene, players: scene.players.map((p) => (p.name === 'Ben' ? { ...p, conditionPenalty: 5 } : p)) };
    expect(resolveScene(heavyHelper, 's').result.totalHardship).toBe(3);
    expect(resolveScene({ ...scene, hardshipModifier: -1 }, 's').result.totalHardship).toBe(2);
  });

  it('"you may choose to Avoid ... everyone (including you) suffers the Refuse penalty"', () => {
    const r = resolveScene({ ...scene, decision: 'avoid' }, 's').result;
    expect(Object.values(r.outcomes)).toEqual(['refuse', 'refuse', 'refuse', 'refuse']);
    expect(r.rolled).toBe(false);
    expect(r.humanity).toEqual({ Ana: 5, Ben: 3, Cleo: 0, Dan: 4 });
  });

  it('"If no dice roll is necessary, each player chooses in turn how they will respond"', () => {
    const r = resolveScene({ ...scene, scene: { name: 'Quiet', unavoidable: false } }, 's').result;
    expect(r).toMatchObject({ rolled: false, hopePool: 3 });
    expect(Object.values(r.outcomes)).toEqual(['respond', 'respond', 'respond', 'respond']);
  });

  it('"Begin a new round by adding a single die to the Hope dice pool and advancing the round counter by one"', () => {
    expect(endRound({ round: 1, hopePool: 0 }, 's').result).toEqual({ gameOver: false, round: 2, hopePool: 1 });
    expect(endRound({ round: 5, hopePool: 2 }, 's').result).toEqual({ gameOver: true, round: 5, hopePool: 2 });
  });
});

describe('hope-inhumanity bad input', () => {
  // Seed 003 line 5, "Each player places a Humanity dice card in front of them.", is all it says of players: no count.
  it.each([1, 2, 6, 9])('any player count is accepted (%i players), since seed 003 prints none', (n) => {
    const players = Array.from({ length: n }, (_, i) => `P${i}`);
    expect(hopeSetup({ ...ex['hope-inhumanity.setup'], players }, 's').result.players).toHaveLength(n);
    const scenePlayers = players.map((name) => ({ name, humanity: 2, conditionPenalty: 0 }));
    const act = { ...scene, players: scenePlayers, active: 'P0', committed: 1, supporters: [], hopeDice: 0 };
    expect(resolveScene(act, 's').result.humanity).toEqual(Object.fromEntries(players.map((p) => [p, p === 'P0' ? 1 : 2])));
  });

  it('a table with no player is refused: someone has to take the turn', () => {
    expect(() => hopeSetup({ ...ex['hope-inhumanity.setup'], players: [] }, 's')).toThrow(fieldError('players', 'range'));
  });

  it('starting dice counts are required (the seed does not give them)', () => {
    const { humanityDice: _h, ...noHumanity } = ex['hope-inhumanity.setup'];
    expect(() => hopeSetup(noHumanity as never, 's')).toThrow(fieldError('humanityDice', 'required'));
    const { hopeDice: _p, ...noHope } = ex['hope-inhumanity.setup'];
    expect(() => hopeSetup(noHope as never, 's')).toThrow(fieldError('hopeDice', 'required'));
  });

  it('"they cannot exceed the amount you have committed"', () => {
    const r = { ...scene, supporters: [{ name: 'Ben', dice: 3 }] };
    expect(() => resolveScene(r, 's')).toThrow(fieldError('supporters[0].dice', 'range'));
  });

  it('other fields', () => {
    expect(() => resolveScene({ ...scene, committed: 0 }, 's')).toThrow(fieldError('committed', 'range'));
    expect(() => resolveScene({ ...scene, committed: 6 }, 's')).toThrow(fieldError('committed', 'range'));
    expect(() => resolveScene({ ...scene, scene: { ...scene.scene, unavoidable: true }, decision: 'avoid' }, 's')).toThrow(fieldError('decision', 'unavoidable'));
    expect(() => resolveScene({ ...scene, hopeDice: 3 }, 's')).toThrow(fieldError('hopeDice', 'too-small'));
    expect(() => resolveScene({ ...scene, supporters: [{ name: 'Ben', dice: 0, lastHope: true }] }, 's')).toThrow(fieldError('supporters[0].lastHope', 'has-humanity'));
    expect(() => resolveScene({ ...scene, supporters: [{ name: 'Ana', dice: 1 }] }, 's')).toThrow(fieldError('supporters[0].name', 'self-support'));
    expect(() => resolveScene({ ...scene, active: 'Zed' }, 's')).toThrow(fieldError('active'));
    expect(() => endRound({ round: 6, hopePool: 0 }, 's')).toThrow(fieldError('round', 'range'));
  });
});

describe('hope-inhumanity properties', () => {
  it('same seed ⇒ same roll; some different seed ⇒ different dice', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const a = resolveScene(scene, seed);
        expect(resolveScene(scene, seed)).toEqual(a);
        const others = ['1', '2', '3'].map((s) => resolveScene(scene, seed + s).result.dice);
        expect(others.some((d) => JSON.stringify(d) !== JSON.stringify(a.result.dice))).toBe(true);
      }),
    );
  });
});
