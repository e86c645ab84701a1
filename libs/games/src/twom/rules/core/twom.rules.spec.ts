import fc from 'fast-check';
import { RuleInputError } from '@scriptbook/rules-engine';
import { checkCarryingCapacity } from './carry';
import { resolveDusk } from './dusk';
import { buildTwomEventDeck } from './event-deck';
import { assignNight } from './night';
import { resolveNightRaid } from './night-raid';
import { pickLock } from './pick-lock';
import { prepareUnknownDeck, rollForNoise } from './scavenge';
import { twomSetup } from './setup';
import { seedForRolls } from '../../testing/test-seeds';
import { twomExamples as ex } from './twom.examples';
import { HUNGER_FLOOR_REASONING, STARTING_STOCKPILE, TIREDNESS_FLOOR_REASONING } from './twom.rules-data';

const fieldError = (field: string, rule?: string) =>
  expect.objectContaining({ name: 'RuleInputError', field, ...(rule ? { rule } : {}) });

describe('twom rules (seed 001)', () => {
  it('"Randomly choose the Leader" / "Draw the first red-bordered card and the first two black-bordered cards"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = twomSetup(ex['twom.setup'], seed).result;
        expect(ex['twom.setup'].players).toContain(r.leader);
        expect(r.characters.map((c) => c.border)).toEqual(['red', 'black', 'black']);
        expect(r.characters.every((c) => c.hunger === 2)).toBe(true);
        expect(r.unusedCharacters).toHaveLength(ex['twom.setup'].characterDeck.length - 3);
        expect(r.locations).toHaveLength(3);
      }),
    );
  });

  it('"Lockpick, Shovel, 4 Components, 4 Wood, 2 Water, 3 Raw Food" (no Raw Food with the Cat)', () => {
    expect(twomSetup(ex['twom.setup'], 's').result.stockpile).toEqual(STARTING_STOCKPILE);
    expect(twomSetup({ ...ex['twom.setup'], catInShelter: true }, 's').result.stockpile['Raw Food']).toBe(0);
  });

  it('"Shuffle 3 Final Event cards ... Chapter III ... 4 random Event cards ... Chapter II ... 3 random Event cards ... Chapter I"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const { deck, unused } = buildTwomEventDeck(ex['twom.event-deck'], seed).result;
        expect(deck.map((c) => c.kind)).toEqual([
          'chapter', 'event', 'event', 'event', 'chapter', 'event', 'event', 'event', 'event', 'chapter',
          'final-event', 'final-event', 'final-event',
        ]);
        expect(deck.filter((c) => c.kind === 'chapter').map((c) => c.name)).toEqual(['Chapter I', 'Chapter II', 'Chapter III']);
        const used = deck.filter((c) => c.kind === 'event').map((c) => c.name);
        expect(new Set([...used, ...unused]).size).toBe(ex['twom.event-deck'].events.length);
      }),
    );
  });

  it.each([
    [1, 'no-effect', 1],
    [3, 'no-effect', 1],
    [4, 'opened', 0],
    [10, 'opened', 0],
  ])('Pick the Lock "Result 1-3: no effect. Result 4-10: discard the Lockpick": %i', (roll, outcome, left) => {
    const r = pickLock({ lockpicks: 1 }, seedForRolls([roll])).result;
    expect(r).toEqual({ roll, outcome, lockpicks: left });
  });

  it.each([
    [5, 3, 0],
    [6, 2, 1],
  ])('Dusk "Roll the Black Die for each Character who did not drink Water: 1-5 increases Hunger by 1; 6-10 increases Sadness by 1" (%i)', (roll, hunger, sadness) => {
    const input = {
      stockpile: { water: 0, cannedFood: 0, rawFood: 0, vegetable: 1 },
      characters: [{ name: 'Bruno', hunger: 2, sadness: 0, drinksWater: false, eats: ['vegetable' as const] }],
    };
    const r = resolveDusk(input, seedForRolls([roll])).result.characters[0];
    expect(r).toMatchObject({ hunger, sadness, waterRoll: { roll } });
  });

  it('Dusk "CANNED FOOD: reduces Hunger by 2. RAW FOOD: reduces Hunger by 1. VEGETABLE: Hunger remains the same. NO FOOD: increases Hunger by 1."', () => {
    const make = (name: string, eats: ('cannedFood' | 'rawFood' | 'vegetable')[]) => ({ name, hunger: 2, sadness: 0, drinksWater: true, eats });
    const r = resolveDusk(
      {
        stockpile: { water: 4, cannedFood: 1, rawFood: 1, vegetable: 1 },
        characters: [make('a', ['cannedFood']), make('b', ['rawFood']), make('c', ['vegetable']), make('d', [])],
      },
      's',
    ).result;
    expect(r.characters.map((c) => c.hunger)).toEqual([0, 1, 2, 3]);
    expect(r.stockpile).toEqual({ water: 0, cannedFood: 0, rawFood: 0, vegetable: 0 });
  });

  it('stops Hunger and Tiredness at 0, a lowest level no rulebook prints, and says so on the step as inferred', () => {
    const dusk = resolveDusk({ stockpile: { water: 2, cannedFood: 1, rawFood: 1, vegetable: 0 }, characters: [
      { name: 'a', hunger: 1, sadness: 0, drinksWater: true, eats: ['cannedFood'] },
      { name: 'b', hunger: 2, sadness: 0, drinksWater: true, eats: ['rawFood'] },
    ] }, 's');
    expect(dusk.result.characters.map((c) => c.hunger)).toEqual([0, 1]);
    const eating = dusk.transcript.filter((step) => step.text.includes(' eats '));
    expect(eating).toEqual([
      { text: 'a eats Canned Food: Hunger 1 → 0 (inferred: no lower level is printed)', inference: { reasoning: HUNGER_FLOOR_REASONING } },
      { text: 'b eats Raw Food: Hunger 2 → 1' },
    ]);
    const night = assignNight({ beds: [], characters: [{ name: 'a', tiredness: 1, task: 'floor' }, { name: 'b', tiredness: 0, task: 'guard' }] }, 's');
    expect(night.result.tiredness).toEqual({ a: 0, b: 1 });
    expect(night.transcript[0]).toEqual({ text: 'a: Sleep on the Floor — Tiredness 1 → 0 (inferred: no lower level is printed)', inference: { reasoning: TIREDNESS_FLOOR_REASONING } });
    expect(night.transcript[1].inference).toBeUndefined();
  });

  it('Night "SLEEP IN A BED ... Reset the Character\'s Tiredness to zero", "SLEEP ON THE FLOOR ... Reduce ... by 2", guard and scavenge +1', () => {
    const r = assignNight(
      {
        beds: ['Bed'],
        characters: [
          { name: 'a', tiredness: 3, task: 'bed', bed: 'Bed' },
          { name: 'b', tiredness: 3, task: 'floor' },
          { name: 'c', tiredness: 3, task: 'guard' },
          { name: 'd', tiredness: 3, task: 'scavenge' },
        ],
      },
      's',
    ).result;
    expect(r.tiredness).toEqual({ a: 0, b: 1, c: 4, d: 4 });
  });

  it('Scavenge "Draw Exploration cards equal to the number displayed on the chosen Location (10, 12, or 14)"', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(10, 12, 14), (seed, size) => {
        const r = prepareUnknownDeck({ ...ex['twom.scavenge-unknown-deck'], locationCards: size }, seed).result;
        expect(r.unknown).toHaveLength(size);
        expect(r.unknown.length + r.explorationDeck.length).toBe(16);
        expect(r.noise).toBe(1);
      }),
    );
  });

  it('Noise "result is equal to or less than the current Noise, an encounter is activated: set the Noise counter to "1""', () => {
    const hit = rollForNoise({ noise: 4, residentsDeck: ['R1', 'R2'] }, seedForRolls([4])).result;
    expect(hit).toMatchObject({ encounter: true, resident: 'R1', noise: 1, residentsDeck: ['R2'] });
    const miss = rollForNoise({ noise: 4, residentsDeck: ['R1', 'R2'] }, seedForRolls([5])).result;
    expect(miss).toMatchObject({ encounter: false, noise: 4, residentsDeck: ['R1', 'R2'] });
  });

  it('Loot Choice "a total weight ... equal to the sum of the Inventory value"; "resources weigh 1"', () => {
    const fits = checkCarryingCapacity({ scavengers: [{ name: 'a', inventory: 5 }], loot: [{ name: 'Wood', count: 5 }] }, 's').result;
    expect(fits).toEqual({ capacity: 5, weight: 5, fits: true, overBy: 0 });
    expect(checkCarryingCapacity(ex['twom.carrying-capacity'], 's').result).toEqual({ capacity: 8, weight: 9, fits: false, overBy: 1 });
  });

  it('Night Raid "Each constructed BARRICADE BOARDS token reduces 1 WOUND or 1 LOSS" and guard icons subtract', () => {
    const blankGuard = { name: 'g', combatDie: { name: 'blank die', faces: [0] } };
    const twoIcons = { name: 'h', combatDie: { name: 'two-icon die', faces: [2] } };
    const r = resolveNightRaid({ loss: 3, wounds: 2, barricades: 1, reduceFirst: 'wounds', guards: [blankGuard, twoIcons] }, 's').result;
    expect(r).toMatchObject({ reduction: 3, wounds: 0, loss: 2 });
    const lossFirst = resolveNightRaid({ loss: 3, wounds: 2, barricades: 4, reduceFirst: 'loss', guards: [blankGuard] }, 's').result;
    expect(lossFirst).toMatchObject({ loss: 0, wounds: 1 });
  });
});

describe('twom bad input', () => {
  it('loot heavier than the API can serve is refused on loot, not answered as an internal error', () => {
    const heavy = { scavengers: [{ name: 'a', inventory: 5 }], loot: [{ name: 'Wood', count: 2 ** 31 - 1 }, { name: 'Water', count: 1 }] };
    expect(() => checkCarryingCapacity(heavy, 's')).toThrow(fieldError('loot', 'total-range'));
  });

  it('"There must be at least 1 guard": zero guards', () => {
    const input = { beds: [], characters: [{ name: 'a', tiredness: 0, task: 'floor' as const }] };
    expect(() => assignNight(input, 's')).toThrow(fieldError('characters', 'min'));
    expect(() => resolveNightRaid({ ...ex['twom.night-raid'], guards: [] }, 's')).toThrow(fieldError('guards', 'range'));
  });

  it('"up to 3 Characters in the LOOT PILE" and "up to 1 Character on 1 BED card"', () => {
    const scav = (name: string) => ({ name, tiredness: 0, task: 'scavenge' as const });
    const four = { beds: [], characters: [{ name: 'g', tiredness: 0, task: 'guard' as const }, scav('a'), scav('b'), scav('c'), scav('d')] };
    expect(() => assignNight(four, 's')).toThrow(fieldError('characters', 'max'));
    const shared = {
      beds: ['Bed'],
      characters: [
        { name: 'g', tiredness: 0, task: 'guard' as const },
        { name: 'a', tiredness: 0, task: 'bed' as const, bed: 'Bed' },
        { name: 'b', tiredness: 0, task: 'bed' as const, bed: 'Bed' },
      ],
    };
    expect(() => assignNight(shared, 's')).toThrow(fieldError('characters[2].bed', 'max'));
  });

  it('decks too small', () => {
    expect(() => buildTwomEventDeck({ ...ex['twom.event-deck'], events: ['e1', 'e2'] }, 's')).toThrow(fieldError('events', 'too-small'));
    expect(() => buildTwomEventDeck({ ...ex['twom.event-deck'], finalEvents: ['f'] }, 's')).toThrow(fieldError('finalEvents'));
    expect(() => prepareUnknownDeck({ ...ex['twom.scavenge-unknown-deck'], explorationDeck: ['x'] }, 's')).toThrow(fieldError('explorationDeck', 'too-small'));
    expect(() => rollForNoise({ noise: 2, residentsDeck: [] }, 's')).toThrow(fieldError('residentsDeck'));
    const noBlack = ex['twom.setup'].characterDeck.filter((c) => c.border === 'red');
    expect(() => twomSetup({ ...ex['twom.setup'], characterDeck: noBlack }, 's')).toThrow(fieldError('characterDeck', 'too-small'));
  });

  it('other fields', () => {
    expect(() => prepareUnknownDeck({ ...ex['twom.scavenge-unknown-deck'], locationCards: 11 }, 's')).toThrow(fieldError('locationCards', 'one-of'));
    expect(() => pickLock({ lockpicks: 0 }, 's')).toThrow(fieldError('lockpicks', 'range'));
    expect(() => twomSetup({ ...ex['twom.setup'], players: [] }, 's')).toThrow(fieldError('players', 'range'));
    expect(() => twomSetup({ ...ex['twom.setup'], players: ['a', 'a'] }, 's')).toThrow(fieldError('players[1]', 'duplicate'));
    const dusk = ex['twom.dusk'];
    expect(() => resolveDusk({ ...dusk, stockpile: { ...dusk.stockpile, water: 3 } }, 's')).toThrow(fieldError('characters[2].drinksWater', 'must-drink'));
    expect(() => resolveDusk({ ...dusk, stockpile: { ...dusk.stockpile, rawFood: 1 } }, 's')).toThrow(fieldError('stockpile.rawFood', 'too-small'));
    expect(() => resolveDusk({ ...dusk, characters: [{ ...dusk.characters[0], hunger: -1 }] } as never, 's')).toThrow(fieldError('characters[0].hunger', 'range'));
    expect(() => checkCarryingCapacity({ scavengers: [{ name: 'a', inventory: 3 }], loot: [{ name: 'Knife', count: 1 }] }, 's')).toThrow(fieldError('loot[0].weight', 'required'));
    expect(() => resolveNightRaid({ ...ex['twom.night-raid'], wounds: -1 }, 's')).toThrow(RuleInputError);
  });
});

describe('twom properties', () => {
  it('every Black-die value in a transcript is 1-10, and combat dice show one of their faces', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const steps = [
          ...pickLock({ lockpicks: 1 }, seed).transcript,
          ...rollForNoise(ex['twom.noise-roll'], seed).transcript,
          ...resolveDusk({ ...ex['twom.dusk'] }, seed).transcript,
        ];
        steps.filter((s) => s.die === 'black-d10').forEach((s) => expect(s.value).toBeGreaterThanOrEqual(1));
        steps.filter((s) => s.die === 'black-d10').forEach((s) => expect(s.value).toBeLessThanOrEqual(10));
        resolveNightRaid(ex['twom.night-raid'], seed).result.guardRolls.forEach((g) => expect([0, 1, 2]).toContain(g.icons));
      }),
    );
  });

  it('same seed ⇒ same resolution; some different seed ⇒ a different one', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const a = twomSetup(ex['twom.setup'], seed);
        expect(twomSetup(ex['twom.setup'], seed)).toEqual(a);
        const b = buildTwomEventDeck(ex['twom.event-deck'], seed);
        expect(buildTwomEventDeck(ex['twom.event-deck'], seed)).toEqual(b);
        const others = ['x', 'y', 'z'].map((s) => buildTwomEventDeck(ex['twom.event-deck'], seed + s).result);
        expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(b.result))).toBe(true);
      }),
    );
  });

  it('Night Raid never goes below zero and never cuts more than icons + barricades', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(6), fc.nat(6), fc.nat(4), fc.constantFrom('loss' as const, 'wounds' as const), (seed, loss, wounds, barricades, first) => {
        const r = resolveNightRaid({ ...ex['twom.night-raid'], loss, wounds, barricades, reduceFirst: first }, seed).result;
        expect(r.loss).toBeGreaterThanOrEqual(0);
        expect(r.wounds).toBeGreaterThanOrEqual(0);
        expect(loss - r.loss + (wounds - r.wounds)).toBe(Math.min(loss + wounds, r.reduction));
      }),
    );
  });
});
