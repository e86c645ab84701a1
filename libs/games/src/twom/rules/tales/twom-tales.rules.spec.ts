import fc from 'fast-check';
import { z } from 'zod';
import { AnyProcedureDescriptor, ProcedureDescriptor, runProcedure } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';
import { seedForRolls } from '../../testing/test-seeds';
import { catProcedure } from './cat';
import { jokesAndHopesProcedure, stuffOfNightmaresProcedure, throughTheWindowProcedure, waitAMinuteProcedure } from './desperate-measures';
import { desperatePeopleProcedure } from './desperate-people';
import { emiraSpiritProcedure } from './emira';
import { doNotLeaveMeToDieProcedure, letsAvoidTheInfectedProcedure } from './epidemic-cards';
import { killTheGoatProcedure } from './goat';
import { incidentSetupProcedure } from './incident-setup';
import { INCIDENT_IDS } from './incidents.rules-data';
import { lukaDawnProcedure } from './luka-dawn';
import { marketVisitProcedure } from './market';
import { refugeesCoverRollProcedure, refugeesDawnProcedure } from './refugees';
import { sewersExitProcedure, sewersThugsEnterProcedure, sewersThugsForfeitProcedure } from './sewers';
import { sideBySideDawnProcedure } from './side-by-side';
import { twomTalesProcedures } from '.';
import { twomTalesExamples as ex } from './twom-tales.examples';

/** A descriptor as an `(input, seed)` function with its result type kept, for readable rule tests. */
const seeded =
  <I extends z.ZodTypeAny, R extends z.ZodTypeAny>(descriptor: ProcedureDescriptor<I, R, undefined>) =>
  (input: unknown, seed: string) =>
    runProcedure(descriptor, input, { seed }, undefined);

const setupIncident = seeded(incidentSetupProcedure);
const rollCat = seeded(catProcedure);
const waitAMinute = seeded(waitAMinuteProcedure);
const stuffOfNightmares = seeded(stuffOfNightmaresProcedure);
const jokesAndHopes = seeded(jokesAndHopesProcedure);
const throughTheWindow = seeded(throughTheWindowProcedure);
const lukaDawn = seeded(lukaDawnProcedure);
const refugeesDawn = seeded(refugeesDawnProcedure);
const refugeesCoverRoll = seeded(refugeesCoverRollProcedure);
const sideBySideDawn = seeded(sideBySideDawnProcedure);
const emiraSpirit = seeded(emiraSpiritProcedure);
const sewersExit = seeded(sewersExitProcedure);
const sewersThugsEnter = seeded(sewersThugsEnterProcedure);
const sewersThugsForfeit = seeded(sewersThugsForfeitProcedure);
const desperatePeople = seeded(desperatePeopleProcedure);
const visitMarket = seeded(marketVisitProcedure);
const letsAvoidTheInfected = seeded(letsAvoidTheInfectedProcedure);
const doNotLeaveMeToDie = seeded(doNotLeaveMeToDieProcedure);
const killTheGoat = seeded(killTheGoatProcedure);

const fieldError = (field: string, rule?: string) =>
  expect.objectContaining({ name: 'RuleInputError', field, ...(rule ? { rule } : {}) });

const setupInput = (scenario: (typeof INCIDENT_IDS)[number]) => ({
  ...ex['twom-tales.incident-setup'],
  scenario,
  events: [...ex['twom-tales.incident-setup'].events, 'HARSH WINTER'],
});

describe('twom-tales Incidents (seed 000)', () => {
  it('Blood in the Snow: "set aside the HARSH WINTER card", "Shuffle 3 ENDING EVENT cards – this will be the bottom", "Randomly draw 3 EVENT cards"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = setupIncident(setupInput('blood-in-the-snow'), seed).result;
        expect(r.eventDeck.map((c) => c.kind)).toEqual(['event', 'event', 'event', 'final-event', 'final-event', 'final-event']);
        expect(r.eventDeck.map((c) => c.name)).not.toContain('HARSH WINTER');
        expect(r.setAside).toEqual(['HARSH WINTER']);
        expect(r.characters.map((c) => c.border)).toEqual(['red', 'red', 'black']);
        expect(r.characters.every((c) => c.states.length === 1 && c.states[0].state === 'Misery' && c.states[0].level === 2)).toBe(true);
        expect(r.cold).toEqual({ tokens: 4, card: 'HARSH WINTER' });
        expect(r.tracks).toEqual(expect.arrayContaining([{ name: 'Wounded Luka', start: 'Heavily Wounded' }, { name: 'Blizzard', start: '3' }]));
        expect(r.scenarioId).toBe('twom:scenario:blood-in-the-snow');
      }),
    );
  });

  it.each(['refugees', 'epidemic', 'side-by-side', 'you-and-me'] as const)(
    '%s: "Find the CEASEFIRE card ... on the bottom ... Remove the remaining 2 Ending Event cards ... Randomly draw 5 EVENT cards"',
    (scenario) => {
      fc.assert(
        fc.property(fc.string(), (seed) => {
          const r = setupIncident(setupInput(scenario), seed).result;
          const cards = r.eventDeck.filter((c) => c.kind !== 'token');
          expect(cards.map((c) => c.kind)).toEqual(['event', 'event', 'event', 'event', 'event', 'final-event']);
          expect(cards[5].name).toBe('CEASEFIRE');
          expect(r.removedFromGame).toEqual(['Ending Event B', 'Ending Event C']);
        }),
      );
    },
  );

  it('Epidemic: "Slide the EPIDEMIC token between the first and the second card on top of the Events deck"; "Place an ILLNESS LEVEL 1 token next to each Character"', () => {
    const r = setupIncident(setupInput('epidemic'), 's').result;
    expect(r.eventDeck[1]).toEqual({ name: 'EPIDEMIC token', kind: 'token' });
    expect(r.eventDeck).toHaveLength(7);
    expect(r.scenarioDeck?.cards).toHaveLength(5);
    expect(r.characters.every((c) => c.states.some((s) => s.state === 'Illness' && s.level === 1))).toBe(true);
    expect(r.cold).toEqual({ tokens: 2 });
  });

  it('Refugees, Side By Side and You and Me Character draws and chosen tokens', () => {
    const refugees = setupIncident(setupInput('refugees'), 's').result;
    expect(refugees.characters.map((c) => c.border)).toEqual(['red', 'black']);
    expect(refugees.tracks).toEqual(expect.arrayContaining([{ name: 'Cover', start: '4' }, { name: 'Condition', start: '3' }]));
    expect(refugees.chosenStateTokens).toHaveLength(2);
    const sbs = setupIncident(setupInput('side-by-side'), 's').result;
    expect(sbs.characters.map((c) => c.border)).toEqual(['red', 'black', 'black']);
    expect(sbs.storage).toContainEqual({ name: 'Water', count: 3 });
    const ym = setupIncident(setupInput('you-and-me'), 's').result;
    expect(ym.characters.map((c) => c.name)).toEqual(['DINA', 'ZORAN']);
    expect(ym.unusedCharacters.map((c) => c.name)).not.toContain('Zlata');
    expect(ym.storage).toContainEqual({ name: 'Vegetable', count: 1 });
  });

  it.each([
    [1, 'wandered-off', 0, 2],
    [4, 'wandered-off', 0, 2],
    [5, 'lower-misery', 1, 2],
    [7, 'lower-misery', 1, 2],
    [8, 'raw-food', 0, 3],
    [10, 'raw-food', 0, 3],
  ])('The Cat "1-4 – wandered off; 5-7 – Lower the Misery ... by 1; 8-10 – Add 1 Raw Food": %i', (roll, outcome, relief, food) => {
    expect(rollCat({ rawFood: 2 }, seedForRolls([roll])).result).toEqual({ roll, outcome, miseryRelief: relief, rawFood: food });
  });

  it('Wait a Minute! "equal to or lower than that Character\'s Empathy = you were able to avoid the Combat"', () => {
    const input = { characters: [{ name: 'a', empathy: 4, misery: 0 }], chosen: 'a' };
    expect(waitAMinute(input, seedForRolls([4])).result).toEqual({ roll: 4, combatAvoided: true, backstab: false });
    expect(waitAMinute(input, seedForRolls([5])).result).toEqual({ roll: 5, combatAvoided: false, backstab: true });
  });

  it('Jokes and Hopes "equal to or lower ... lower their Misery by 2. ... greater ... raise their Misery by 1"', () => {
    const characters = [
      { name: 'low', empathy: 2, misery: 1 },
      { name: 'high', empathy: 6, misery: 3 },
    ];
    const r = jokesAndHopes({ characters }, seedForRolls([4])).result;
    expect(r.characters.map((c) => c.misery)).toEqual([2, 1]);
  });

  it('Stuff of Nightmares "Do not draw any Night Raid cards ... equal to or lower than a Character\'s Empathy = raise their Misery by 1"', () => {
    const characters = [
      { name: 'low', empathy: 2, misery: 1 },
      { name: 'high', empathy: 6, misery: 1 },
    ];
    const r = stuffOfNightmares({ characters }, seedForRolls([4])).result;
    expect(r.drawNightRaid).toBe(false);
    expect(r.sourceNote).toMatch(/partly covered/);
    expect(r.characters.map((c) => c.misery)).toEqual([1, 2]);
  });

  it('Through the Window! "Result = 1-3 – 1 chosen Character suffers 2 Wounds"', () => {
    expect(throughTheWindow({}, seedForRolls([3])).result.wounds).toBe(2);
    expect(throughTheWindow({}, seedForRolls([4])).result.wounds).toBe(0);
  });

  it('Luka: "Result = 8-10 – see Blood In The Snow script 2"; Bandages move up, none moves down', () => {
    expect(lukaDawn({ condition: 'Heavily Wounded', bandaged: false }, seedForRolls([8])).result).toMatchObject({ script2: true, condition: 'Critical Condition' });
    expect(lukaDawn({ condition: 'Heavily Wounded', bandaged: true }, seedForRolls([7])).result).toMatchObject({ script2: false, condition: 'Heavily Wounded' });
    const critical = lukaDawn({ condition: 'Critical Condition', bandaged: true }, 's');
    expect(critical.result).toMatchObject({ condition: 'Heavily Wounded', bandagesDiscarded: true });
    expect(critical.result.roll).toBeUndefined();
    expect(lukaDawn({ condition: 'Critical Condition', bandaged: false }, 's').result.condition).toBe('Dead');
  });

  it('Refugees Dawn: cold roll "equal to or lower than the amount of Cold tokens minus Board-Ups", Cover roll "higher than the current Cover ... lower the Cover by 3"', () => {
    const r = refugeesDawn({ cover: 4, condition: 6, coldTokens: 3, boardUps: 0 }, seedForRolls([3, 5])).result;
    // Condition 6 → 5 (cold); Cover 4 → 1 (roll 5 > 4); Condition 5: Cover +2 → 3; then "Lower the Condition by 2" → 3.
    expect(r).toMatchObject({ coldRoll: 3, coverRoll: 5, cover: 3, condition: 3 });
    const low = refugeesDawn({ cover: 4, condition: 2, coldTokens: 0, boardUps: 0, conditionTrack: { min: 0, max: 6 } }, seedForRolls([1, 1])).result;
    expect(low).toMatchObject({ coldRoll: 1, coverRoll: 1, cover: 2, condition: 0 });
  });

  it('Cover roll cards, one per printed card: "We Are Looking for Someone... – Afterwards, shuffle this card back into the Visitors deck." makes no Cover roll and is refused', () => {
    expect(() => refugeesCoverRoll({ card: 'we-are-looking-for-someone-visitors-1', cover: 4 }, 's')).toThrow(fieldError('card', 'one-of'));
    const visitors = refugeesCoverRoll({ card: 'we-know-they-are-here-visitors', cover: 6 }, seedForRolls([7]));
    expect(visitors.result).toMatchObject({ cardId: 'twom:card:refugees:we-know-they-are-here-visitors', cover: 1, afterwards: 'Afterwards, shuffle this card back into the Visitors deck.' });
    expect(visitors.transcript.at(-1)!.text).toBe('Afterwards, shuffle this card back into the Visitors deck.');
    const unstated = refugeesCoverRoll({ card: 'we-are-looking-for-someone-deck-not-stated', cover: 6 }, seedForRolls([7])).result;
    expect(unstated).toMatchObject({ cover: 3, afterwards: null });
  });

  it('Cover roll cards: "We Know They Are Here... lower the Cover by 5"', () => {
    expect(refugeesCoverRoll({ card: 'we-know-they-are-here-night-raids', cover: 6 }, seedForRolls([7])).result).toMatchObject({ roll: 7, cover: 1 });
    expect(refugeesCoverRoll({ card: 'we-are-looking-for-someone-night-raids', cover: 6 }, seedForRolls([6])).result).toMatchObject({ roll: 6, cover: 6 });
  });

  it('Side By Side Dawn "Raise the Needs of all Neighbors by 1"', () => {
    const r = sideBySideDawn({ neighbours: [{ name: 'a', needs: 0 }], vladimirRedSide: false }, 's').result;
    expect(r).toMatchObject({ neighbours: [{ name: 'a', needs: 1 }], vladimirToken: 'vladimir-card' });
  });

  it('Emira: "Discard 1 Moonshine or 100% Alcohol ... or raise Emira\'s Misery by 1"; "If Emira is miserable (level 2 or 3), raise her Misery by 1"', () => {
    const r = emiraSpirit({ hunger: 0, misery: 1, storage: { moonshine: 0, alcohol: 0 }, habit: 'misery' }, 's').result;
    // Habit raises Misery 1 → 2, which is miserable, so +1 again.
    expect(r).toMatchObject({ hunger: 0, misery: 3, storage: { moonshine: 0, alcohol: 0 } });
    expect(emiraSpirit({ hunger: 3, misery: 0, storage: { moonshine: 1, alcohol: 0 }, habit: 'moonshine' }, 's').result).toMatchObject({
      hunger: 2,
      misery: 0,
      storage: { moonshine: 0, alcohol: 0 },
    });
  });

  it.each([
    [5, 'near'],
    [6, 'distant'],
    [8, 'distant'],
    [9, 'far'],
  ])('Sewers exit "1-5 – Near Location, 6-8 – Distant Location, 9-10 – Far Location": %i', (roll, location) => {
    expect(sewersExit({ locationCards: 12 }, seedForRolls([roll])).result).toEqual({ roll, location, unknownDeckSize: 6 });
  });

  it('Thugs "1-5 – 1 Thug, 6-8 – 2 Thugs, 9-10 – 3 Thugs" and on forfeit "A result equal to or lower than the Threat level"', () => {
    expect(sewersThugsEnter({}, seedForRolls([6])).result).toEqual({ roll: 6, thugs: 2, threat: 2 });
    expect(sewersThugsForfeit({ threat: 2 }, seedForRolls([9, 2])).result).toMatchObject({ encounter: true, thugs: 2, weapon: 'Knives', threat: 0 });
    expect(sewersThugsForfeit({ threat: 2 }, seedForRolls([9, 3])).result).toMatchObject({ encounter: false, thugs: 0, threat: 2 });
    expect(sewersThugsForfeit({ threat: 0 }, 's').result).toMatchObject({ rolls: [], encounter: false });
  });

  it('Desperate People "1-3 – one, 4-8 – two, 9-10 – three"; "If the result is greater than their Empathy – Combat begins"', () => {
    const input = { characters: [{ name: 'a', empathy: 5, misery: 0 }], chosen: 'a' };
    expect(desperatePeople(input, seedForRolls([4, 6])).result).toMatchObject({
      countRoll: 4,
      count: 2,
      weapons: ['nothing', 'Knife', 'Hatchet'],
      empathyRoll: 6,
      combat: true,
      script: 880,
      defeatedScript: 33,
    });
    expect(desperatePeople(input, seedForRolls([9, 5])).result).toMatchObject({ count: 3, combat: false, script: 355 });
  });

  it('Market: Reality Impact "resolve a script according to the current position of the Tolerance token"; LOOT "move the Tolerance token to the "0" space"', () => {
    const base = ex['twom-tales.market-visit'];
    const impact = visitMarket({ ...base, waresDeck: [base.waresDeck[1]], tolerance: 4 }, 's').result;
    expect(impact).toMatchObject({ realityImpact: 'Tolerance: 4', tolerance: 4 });
    expect(impact.option).toBeUndefined();
    const loot = visitMarket({ ...base, option: 'loot' }, 's').result;
    expect(loot).toMatchObject({ tolerance: 0, lootEnemies: { farmers: 1, thugs: 1 } });
    const trade = visitMarket({ ...base, option: 'trade' }, 's').result;
    expect(trade.tolerance).toBe(3);
  });

  it('Market STEAL "For each icon rolled ... worth up to 5 ... No matter the result, lower the Tolerance"', () => {
    const base = ex['twom-tales.market-visit'];
    const two = visitMarket({ ...base, steal: { thief: 'K', greyDieFaces: [2] } }, 's').result;
    expect(two).toMatchObject({ steal: { icons: 2, tokenValue: 10, wounds: 0, fatigue: 0 }, tolerance: 2 });
    const blankNoMinis = visitMarket({ ...base, waresDeck: [{ name: 'W', farmer: false, thug: false }], tolerance: 0, steal: { thief: 'K', greyDieFaces: [0] } }, 's').result;
    expect(blankNoMinis).toMatchObject({ steal: { icons: 0, wounds: 0, fatigue: 0 }, tolerance: 0 });
  });
});

describe('twom-tales tracks stay on their tracks (seed 000)', () => {
  it('Cover roll: "If the result is higher than the current Cover of the Refugees, lower the Cover by 5" stops at the lowest space, read as 0 and marked inferred', () => {
    const r = refugeesCoverRoll({ card: 'we-know-they-are-here-night-raids', cover: 2 }, seedForRolls([7]));
    expect(r.result.cover).toBe(0);
    expect(r.result.coverTrack).toMatchObject({ trackId: 'twom:track:refugees:cover', value: 0, stoppedAtEnd: true, highest: null });
    expect(r.result.coverTrack.lowest).toMatchObject({ value: 0, inferred: true });
    expect(r.result.coverTrack.lowest!.reasoning).toMatch(/does not reproduce the Cover track/);
    const step = r.transcript.find((t) => t.text.startsWith('7 is higher'));
    expect(step).toMatchObject({ inference: { reasoning: expect.stringContaining('read as 0') } });
  });

  it('Cover roll: ends read off the Scenario sheet are used as given, not inferred', () => {
    const r = refugeesCoverRoll({ card: 'refugees-night-raids', cover: 1, coverTrack: { min: -4, max: 8 } }, seedForRolls([9])).result;
    expect(r).toMatchObject({ cover: -2, coverTrack: { stoppedAtEnd: false, lowest: { value: -4, inferred: false, reasoning: null }, highest: { value: 8, inferred: false } } });
  });

  it('Refugees Dawn: "If the Condition = 1 or 2: lower the Cover of the Refugees by 2." and "Lower the Condition by 2." stop at the ends', () => {
    // Roll 1 ≤ 3 − 0: Condition 1 → 0; Cover roll 9 > 1: Cover 1 → 0 (stops); Condition 0 is not 1 or 2; then Condition 0 − 2 stops at 0.
    const r = refugeesDawn({ cover: 1, condition: 1, coldTokens: 3, boardUps: 0 }, seedForRolls([1, 9])).result;
    expect(r).toMatchObject({ cover: 0, condition: 0, coverTrack: { stoppedAtEnd: true }, conditionTrack: { stoppedAtEnd: true } });
    const noFloor = refugeesDawn({ cover: 1, condition: 2, coldTokens: 0, boardUps: 0, coverTrack: { min: -10 }, conditionTrack: { min: -10 } }, seedForRolls([5, 9])).result;
    // With the sheet's own (given) ends far below, the printed moves apply in full: Cover 1 − 3 − 2 = −4, Condition 2 − 2 = 0.
    expect(noFloor).toMatchObject({ cover: -4, condition: 0, coverTrack: { stoppedAtEnd: false }, conditionTrack: { stoppedAtEnd: false } });
  });

  it('Side By Side Dawn: "Raise the Needs of all Neighbors by 1." has no printed top: none is applied unless the sheet\'s is given', () => {
    const open = sideBySideDawn({ neighbours: [{ name: 'Andrei', needs: 9 }], vladimirRedSide: false }, 's').result;
    expect(open.neighbours[0]).toMatchObject({ needs: 10, needsTrack: { highest: null, stoppedAtEnd: false } });
    const capped = sideBySideDawn({ neighbours: [{ name: 'Andrei', needs: 3, needsTrack: { max: 3 } }], vladimirRedSide: true }, 's').result;
    expect(capped.neighbours[0]).toMatchObject({ needs: 3, needsTrack: { highest: { value: 3, inferred: false }, stoppedAtEnd: true } });
  });

  it('Wounded Luka: "levels printed on the card: Heavily Wounded, Critical Condition, Dead" — up from the top level stays there', () => {
    const r = lukaDawn({ condition: 'Heavily Wounded', bandaged: true }, seedForRolls([3])).result;
    expect(r).toMatchObject({ condition: 'Heavily Wounded', stoppedAtEnd: true, bandagesDiscarded: true });
    expect(lukaDawn({ condition: 'Critical Condition', bandaged: true }, 's').result.stoppedAtEnd).toBe(false);
  });

  it('refuses a starting value off the track, and an upper end below the lower', () => {
    expect(() => refugeesCoverRoll({ card: 'refugees-night-raids', cover: -1 }, 's')).toThrow(fieldError('cover', 'range'));
    expect(() => refugeesDawn({ cover: 3, condition: 7, coldTokens: 0, boardUps: 0, conditionTrack: { max: 6 } }, 's')).toThrow(fieldError('condition', 'range'));
    expect(() => refugeesCoverRoll({ card: 'refugees-night-raids', cover: 3, coverTrack: { min: 5, max: 2 } }, 's')).toThrow(fieldError('coverTrack.max', 'range'));
    expect(() => sideBySideDawn({ neighbours: [{ name: 'a', needs: -1 }], vladimirRedSide: false }, 's')).toThrow(fieldError('neighbours[0].needs', 'range'));
  });

  it('the Cover never leaves its track, whatever the rolls', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 8 }), (seed, cover, condition) => {
        const r = refugeesDawn({ cover, condition, coldTokens: 4, boardUps: 0 }, seed).result;
        expect(r.cover).toBeGreaterThanOrEqual(0);
        expect(r.condition).toBeGreaterThanOrEqual(0);
        const roll = refugeesCoverRoll({ card: 'we-know-they-are-here-night-raids', cover }, seed).result;
        expect(roll.cover).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('twom-tales rules as printed, second reading of seed 000', () => {
  it('Blood in the Snow Dawn Phase card ends "Afterwards, shuffle this card back into the Visitors deck."', () => {
    const r = lukaDawn({ condition: 'Critical Condition', bandaged: false }, 's');
    expect(r.result.afterwards).toBe('Afterwards, shuffle this card back into the Visitors deck.');
    expect(r.transcript.map((t) => t.text)).toContain('Afterwards, shuffle this card back into the Visitors deck.');
  });

  it('Desperate People "They are armed with: nothing, Knife, Hatchet." — the pairing with Enemies is not printed, so it is served as inferred', () => {
    const input = { characters: [{ name: 'a', empathy: 5, misery: 0 }], chosen: 'a' };
    const r = desperatePeople(input, seedForRolls([1, 1])).result;
    expect(r.count).toBe(1);
    expect(r.weapons).toEqual(['nothing', 'Knife', 'Hatchet']);
    expect(r.weaponsByEnemyToken).toMatchObject({
      value: [
        { token: 'A', weapon: 'nothing' },
        { token: 'B', weapon: 'Knife' },
        { token: 'C', weapon: 'Hatchet' },
      ],
      inferred: true,
    });
    expect(r.weaponsByEnemyToken.reasoning).toMatch(/LOOT|Market sheet/);
  });

  it('Emira "If Emira is hungry, lower her Hunger by 1." — "hungry" is not defined, so it is served as inferred', () => {
    const r = emiraSpirit({ hunger: 1, misery: 0, storage: { moonshine: 1, alcohol: 0 }, habit: 'moonshine' }, 's');
    expect(r.result).toMatchObject({ hunger: 1, hungry: { value: false, inferred: true } });
    expect(r.result.hungry.reasoning).toMatch(/level 2 or 3/);
    expect(r.transcript.find((t) => t.text.startsWith('Emira is not hungry'))?.inference).toBeDefined();
  });

  it('Incident setups name their Scenario as the content item', () => {
    for (const scenario of INCIDENT_IDS) {
      expect(setupIncident(setupInput(scenario), 's').result.scenarioId).toBe(`twom:scenario:${scenario}`);
    }
  });
});

describe('twom-tales special cards with a roll (seed 000)', () => {
  const characters = [
    { name: 'low', empathy: 2, misery: 1 },
    { name: 'high', empathy: 6, misery: 0 },
  ];

  it('Let\'s Avoid the Infected: "If you talk with the infected, roll the Black die. Result = 1-3 – choose 1 Character present and raise their Illness by 1."', () => {
    expect(letsAvoidTheInfected({ choice: 'talk' }, seedForRolls([3])).result).toMatchObject({ roll: 3, illness: 1, misery: 0 });
    expect(letsAvoidTheInfected({ choice: 'talk' }, seedForRolls([4])).result).toMatchObject({ roll: 4, illness: 0, misery: 0 });
  });

  it('Let\'s Avoid the Infected: "Talk with the infected or choose 1 Character present and raise their Misery by 1" — keeping away rolls nothing', () => {
    const r = letsAvoidTheInfected({ choice: 'keep-away' }, 's');
    expect(r.result).toEqual({ illness: 0, misery: 1, afterwards: 'Afterwards, shuffle this card back into the Epidemic deck.' });
    expect(r.rngState).toEqual(Random.fromSeed('s').state());
    expect(r.transcript.some((t) => t.die)).toBe(false);
  });

  it('Do Not Leave Me to Die...: "Discard 1 Meds / Herbal Meds / Canned Food / Raw Food / Vegetable ... or roll the Black die ... equal to or lower than a Character\'s Empathy = raise their Misery by 1"', () => {
    expect(doNotLeaveMeToDie({ discard: 'Herbal Meds' }, 's').result).toMatchObject({ discarded: 'Herbal Meds', characters: [] });
    const rolled = doNotLeaveMeToDie({ characters }, seedForRolls([4])).result;
    expect(rolled).toMatchObject({ roll: 4, characters: [{ name: 'low', misery: 1 }, { name: 'high', misery: 1 }] });
    expect(() => doNotLeaveMeToDie({}, 's')).toThrow(fieldError('characters', 'required'));
    expect(() => doNotLeaveMeToDie({ discard: 'Water' }, 's')).toThrow(fieldError('discard', 'one-of'));
  });

  it('Goat, Kill the Goat: "Set the Hunger of all Characters present to 0 and add 6 Raw Food to the Storage. Then roll the Black die ... equal to or lower ... raise their Misery by 1"', () => {
    const r = killTheGoat({ characters, rawFood: 2 }, seedForRolls([2])).result;
    expect(r).toMatchObject({ hunger: 0, rawFood: 8, roll: 2, afterwards: 'Afterwards, remove this card from the game.' });
    expect(r.characters.map((c) => c.misery)).toEqual([2, 1]);
  });
});

describe('twom-tales streams continue', () => {
  const drawing = [
    ['twom-tales.cat', catProcedure],
    ['twom-tales.wait-a-minute', waitAMinuteProcedure],
    ['twom-tales.jokes-and-hopes', jokesAndHopesProcedure],
    ['twom-tales.refugees-dawn', refugeesDawnProcedure],
    ['twom-tales.sewers-thugs-forfeit', sewersThugsForfeitProcedure],
    ['twom-tales.incident-setup', incidentSetupProcedure],
    ['twom-tales.market-visit', marketVisitProcedure],
    ['twom-tales.do-not-leave-me-to-die', doNotLeaveMeToDieProcedure],
    ['twom-tales.kill-the-goat', killTheGoatProcedure],
  ] as const;

  it.each(drawing)('%s: a second run from the returned rngState equals a second run on the same generator', (id, descriptor: AnyProcedureDescriptor) => {
    const input = ex[id];
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const first = runProcedure(descriptor, input, { seed }, undefined);
        const second = runProcedure(descriptor, input, { rngState: first.rngState }, undefined);
        const random = Random.fromSeed(seed);
        const context = { random, transcript: new Transcript(), content: undefined };
        const parsed = descriptor.input.parse(input);
        const onOneStream = [descriptor.run(parsed, context), descriptor.run(parsed, context)];
        expect([first.result, second.result]).toEqual(onOneStream);
        expect(second.rngState).toEqual(random.state());
        expect(second.seed).toBeNull();
      }),
      { numRuns: 25 },
    );
  });

  it('every Tales procedure that rolls says it draws', () => {
    const nonDrawing = twomTalesProcedures.filter((p) => !p.draws).map((p) => p.id);
    expect(nonDrawing.sort()).toEqual(['twom-tales.emira-spirit', 'twom-tales.side-by-side-dawn']);
    for (const id of nonDrawing) {
      const descriptor = twomTalesProcedures.find((p) => p.id === id)!;
      const start = Random.fromSeed('x').state();
      expect(runProcedure(descriptor, ex[id as keyof typeof ex], { rngState: start }, undefined).rngState).toEqual(start);
    }
  });
});

describe('twom-tales bad input', () => {
  it('names the field', () => {
    expect(() => setupIncident({ ...setupInput('epidemic'), scenario: 'zombies' as never }, 's')).toThrow(fieldError('scenario', 'one-of'));
    expect(() => setupIncident({ ...setupInput('epidemic'), events: ['e1'] }, 's')).toThrow(fieldError('events', 'too-small'));
    expect(() => setupIncident({ ...setupInput('blood-in-the-snow'), events: ex['twom-tales.incident-setup'].events }, 's')).toThrow(fieldError('events', 'missing-card'));
    expect(() => setupIncident({ ...setupInput('refugees'), endingEvents: ['A', 'B', 'C'] }, 's')).toThrow(fieldError('endingEvents', 'missing-card'));
    expect(() => rollCat({ rawFood: -1 }, 's')).toThrow(fieldError('rawFood', 'range'));
    expect(() => waitAMinute({ characters: [{ name: 'a', empathy: 2, misery: 0 }], chosen: 'b' }, 's')).toThrow(fieldError('chosen'));
    expect(() => jokesAndHopes({ characters: [{ name: 'a', empathy: -1, misery: 0 }] }, 's')).toThrow(fieldError('characters[0].empathy', 'range'));
    expect(() => jokesAndHopes({ characters: [] }, 's')).toThrow(fieldError('characters', 'range'));
    expect(() => lukaDawn({ condition: 'Dead', bandaged: true }, 's')).toThrow(fieldError('condition'));
    expect(() => refugeesDawn({ cover: 9, condition: 3, coldTokens: 0, boardUps: 0, coverTrack: { min: 0, max: 8 } }, 's')).toThrow(fieldError('cover', 'range'));
    expect(() => emiraSpirit({ hunger: 0, misery: 0, storage: { moonshine: 0, alcohol: 0 }, habit: 'alcohol' }, 's')).toThrow(fieldError('storage.alcohol', 'too-small'));
    expect(() => sewersExit({ locationCards: 9 }, 's')).toThrow(fieldError('locationCards', 'one-of'));
    expect(() => sewersThugsForfeit({ threat: 4 }, 's')).toThrow(fieldError('threat', 'range'));
    const market = ex['twom-tales.market-visit'];
    expect(() => visitMarket({ ...market, tolerance: 5 }, 's')).toThrow(fieldError('tolerance', 'range'));
    expect(() => visitMarket({ ...market, discard: 'Gold' }, 's')).toThrow(fieldError('discard'));
    expect(() => visitMarket({ ...market, waresDeck: [] }, 's')).toThrow(fieldError('waresDeck', 'range'));
    expect(() => visitMarket({ ...market, steal: undefined }, 's')).toThrow(fieldError('steal', 'required'));
    expect(() => jokesAndHopes({ characters: [{ name: 'a', empathy: 1, misery: 0 }, { name: 'a', empathy: 2, misery: 0 }] }, 's')).toThrow(
      fieldError('characters[1].name', 'duplicate'),
    );
    expect(() => setupIncident({ ...setupInput('epidemic'), characterDeck: undefined }, 's')).toThrow(fieldError('characterDeck', 'required'));
    expect(() => lukaDawn({ condition: 'Resting', bandaged: true }, 's')).toThrow(fieldError('condition', 'one-of'));
  });
});

describe('twom-tales properties', () => {
  it('same seed ⇒ same result; some other seed ⇒ another; Black-die values stay 1-10', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...INCIDENT_IDS), (seed, scenario) => {
        const a = setupIncident(setupInput(scenario), seed);
        expect(setupIncident(setupInput(scenario), seed)).toEqual(a);
        const others = ['1', '2', '3'].map((s) => setupIncident(setupInput(scenario), seed + s).result.eventDeck);
        expect(others.some((d) => JSON.stringify(d) !== JSON.stringify(a.result.eventDeck))).toBe(true);
        const rolls = [
          ...rollCat({ rawFood: 0 }, seed).transcript,
          ...sewersThugsForfeit({ threat: 3 }, seed).transcript,
          ...desperatePeople(ex['twom-tales.desperate-people'], seed).transcript,
          ...refugeesDawn(ex['twom-tales.refugees-dawn'], seed).transcript,
        ].filter((s) => s.die === 'black-d10');
        rolls.forEach((s) => expect(s.value).toBeGreaterThanOrEqual(1));
        rolls.forEach((s) => expect(s.value).toBeLessThanOrEqual(10));
      }),
    );
  });

  it('Misery never drops below 0 and moves by at most the card’s amounts', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.record({ empathy: fc.nat(10), misery: fc.nat(3) }), { minLength: 1, maxLength: 5 }), (seed, people) => {
        const characters = people.map((p, i) => ({ name: `c${i}`, ...p }));
        const r = jokesAndHopes({ characters }, seed).result;
        r.characters.forEach((c, i) => {
          expect(c.misery).toBeGreaterThanOrEqual(0);
          expect(c.misery).toBe(c.atOrBelow ? Math.max(0, characters[i].misery - 2) : characters[i].misery + 1);
          expect(c.atOrBelow).toBe(r.roll <= characters[i].empathy);
        });
      }),
    );
  });
});
