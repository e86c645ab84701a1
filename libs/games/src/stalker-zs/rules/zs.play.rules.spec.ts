import * as fs from 'fs';
import * as path from 'path';
import { zsExamples, ZS_EXAMPLE_DIE_FACES } from './zs.examples';
import { zoneSurvivalFateTriggersProcedure as fateProcedure } from './zs.fate-triggers';
import { ZS_SCORING } from './zs.rules-data';
import { zoneSurvivalScenarioProcedure as scenarioProcedure } from './zs.scenario-randomizer';
import { zoneSurvivalScoreProcedure as scoreProcedure } from './zs.score';
import { zoneSurvivalScriptStepProcedure as scriptProcedure } from './zs.script-step';
import { ruleError, zsRunner, zsSeedForFace } from './zs.spec-fixtures';
import { loadZsPack, ZS_PACK_DIR } from '../testing/zs-test-pack';

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const run = zsRunner(items);
const RED = 'stalker-zs:icon:red-cross';
const PURPLE = 'stalker-zs:icon:purple';
const YELLOW = 'stalker-zs:icon:yellow';
const BLUE = 'stalker-zs:icon:blue-circle';
const scenario = (slug: string) => `stalker-zs:scenario:${slug}`;

describe('stalker-zs Fate Triggers (seed 004)', () => {
  const fate = zsExamples['stalker-zs.fate-triggers'];
  const roll = (face: string, extra = {}) => run<any>(fateProcedure, { ...fate, ...extra }, zsSeedForFace(face)).result;

  it('"If an effect ... is not associated with any [Fate roll icon] result, then it ALWAYS triggers"; bound effects fire only on their face', () => {
    const r = roll(PURPLE);
    expect(r.roll.value).toBe(PURPLE);
    expect(r.fired.map((f: any) => [f.cardName, f.trigger])).toEqual([
      ['Abandoned Stalker Camp', 'always'],
      ['Mysterious Thicket', 'face'],
      ['Blizzard', 'face'],
      ['Fire', 'always'],
    ]);
    expect(r.fired[2].text).toContain('Each Stalker on an Outdoor space loses 3HP');
    expect(r.resolveUnknowns).toBe(false);
  });

  it('Blizzard "[yellow item icon] – The blizzard is fading, discard this card." fires on the face the scripts print as [yellow icon]', () => {
    const bySpelling = roll(YELLOW, { dieFaces: ['[blue circle icon]', '[yellow icon]', '[purple icon]', '[red cross icon]'] });
    const byId = roll(YELLOW);
    for (const r of [bySpelling, byId]) {
      expect(r.roll.value).toBe(YELLOW);
      expect(r.fired).toContainEqual(expect.objectContaining({ cardName: 'Blizzard', trigger: 'face', text: 'The blizzard is fading, discard this card.' }));
      expect(r.facesNotOnDie).toEqual([]);
    }
  });

  it('"If you roll [red cross icon] at the beginning of a Fate Triggers step, you must also resolve 1 [Unknown token icon] from each stack"', () => {
    const r = roll(RED);
    expect(r.resolveUnknowns).toBe(true);
    expect(r.resolveUnknownsBecause).toBe('the red cross was rolled');
    expect(roll(BLUE).resolveUnknowns).toBe(false);
  });

  it.each(['frontal-assault', 'surrounded'])(
    '%s: "In this Scenario, you ALWAYS resolve 1 [Unknown token icon] from each stack of [Unknown token icon] in the Fate Triggers step, not just when the result is [red cross icon]."',
    (slug) => {
      const r = roll(BLUE, { scenarioId: scenario(slug) });
      expect(r.resolveUnknowns).toBe(true);
      expect(r.resolveUnknownsBecause).toContain('you ALWAYS resolve 1 [Unknown token icon] from each stack');
      expect(roll(BLUE, { scenarioId: scenario('boss-hunt') }).resolveUnknowns).toBe(false);
    },
  );

  it('faces a card names but the given die lacks are reported, never matched', () => {
    const r = roll(BLUE, { dieFaces: [BLUE, RED] });
    expect(r.facesNotOnDie).toContainEqual({ cardId: 'stalker-zs:card:event:blizzard', face: YELLOW });
  });

  it('the die has no default: the seed never lists its faces, so without dieFaces the step is refused', () => {
    const { dieFaces, ...rest } = fate;
    expect(dieFaces).toBeDefined();
    expect(() => run(fateProcedure, rest)).toThrow(ruleError('dieFaces', 'required'));
  });

  it('bad input: an unknown card, a card given twice, an unknown Scenario', () => {
    expect(() => run(fateProcedure, { ...fate, cardIds: ['stalker-zs:card:event:blizzard', 'nope'] })).toThrow(ruleError('cardIds[1]', 'unknown'));
    expect(() => run(fateProcedure, { ...fate, cardIds: ['stalker-zs:card:event:blizzard', 'stalker-zs:card:event:blizzard'] })).toThrow(
      ruleError('cardIds[1]', 'unique'),
    );
    expect(() => run(fateProcedure, { ...fate, scenarioId: 'stalker-zs:scenario:nowhere' })).toThrow(ruleError('scenarioId', 'unknown'));
  });
});

describe('stalker-zs Scriptbook (seed 004)', () => {
  const step = (input: object, seed = 's') => run<any>(scriptProcedure, input, seed).result;

  it('145: "[purple icon] – See Script 330"; 005: "Try to escape" leads to 089', () => {
    expect(step({ scriptId: 'stalker-zs:script:145', face: '[purple icon]' }).next).toEqual({ id: 'stalker-zs:script:330', number: 330 });
    expect(step({ scriptId: 'stalker-zs:script:145', face: PURPLE }).next).toEqual({ id: 'stalker-zs:script:330', number: 330 });
    expect(step({ scriptId: 'stalker-zs:script:005', choice: 'Try to escape' }).next).toEqual({ id: 'stalker-zs:script:089', number: 89 });
  });

  it('038: "[purple icon] or [red cross icon] – Gain 1 [shovel icon]." is returned as the outcome, with no next script', () => {
    const r = step({ scriptId: 'stalker-zs:script:038', face: '[red cross icon]' });
    expect(r).toMatchObject({ outcome: 'Gain 1 [shovel icon].', next: null, via: { type: 'die-face', face: RED, label: null } });
    expect(step({ scriptId: 'stalker-zs:script:038', face: PURPLE }).outcome).toBe('Gain 1 [shovel icon].');
  });

  it('a rolled inline outcome is returned too: "[yellow icon] – Place 1 [red square icon] on your currently equipped Weapon"', () => {
    const r = step({ scriptId: 'stalker-zs:script:038', roll: true, dieFaces: ZS_EXAMPLE_DIE_FACES }, zsSeedForFace(YELLOW));
    expect(r.roll.value).toBe(YELLOW);
    expect(r.outcome).toBe('Place 1 [red square icon] on your currently equipped Weapon (it cannot exceed its Ammo capacity).');
    expect(r.next).toBeNull();
  });

  it('042: a branch that leads on returns its printed line and the next script', () => {
    const r = step({ scriptId: 'stalker-zs:script:042', face: '[blue circle icon]' });
    expect(r).toMatchObject({ outcome: 'See Script 121.', next: { id: 'stalker-zs:script:121', number: 121 } });
  });

  it('bad input: unknown script, a face or choice the script does not print, not exactly one way on', () => {
    expect(() => step({ scriptId: 'stalker-zs:script:999', face: RED })).toThrow(ruleError('scriptId', 'unknown'));
    expect(() => step({ scriptId: 'stalker-zs:script:005', choice: 'Dance' })).toThrow(ruleError('choice', 'no-link'));
    expect(() => step({ scriptId: 'stalker-zs:script:042', face: '[skull icon]' })).toThrow(ruleError('face', 'no-link'));
    expect(() => step({ scriptId: 'stalker-zs:script:145' })).toThrow(ruleError('face', 'one-of'));
    expect(() => step({ scriptId: 'stalker-zs:script:145', face: RED, choice: 'x' })).toThrow(ruleError('face', 'one-of'));
    expect(() => step({ scriptId: 'stalker-zs:script:005', roll: true, dieFaces: ZS_EXAMPLE_DIE_FACES })).toThrow(ruleError('roll', 'no-link'));
  });
});

describe('stalker-zs score (seed 004)', () => {
  const base = zsExamples['stalker-zs.score'];
  const score = (extra: object) => run<any>(scoreProcedure, { ...base, ...extra }).result;
  const THICKET = 'stalker-zs:card:setup:mysterious-thicket';
  const CAMP = 'stalker-zs:card:setup:abandoned-stalker-camp';

  it('"The victory itself is worth 20 points", "Add 1 point for each [red minus icon]", "Subtract 1 point for each [blue plus icon]"', () => {
    expect(ZS_SCORING).toMatchObject({ victoryPoints: 20, pointsPerMinusIcon: 1, pointsPerPlusIcon: -1 });
    // Thicket and Blizzard one minus each, Critical Shot two plus: 20 + 2 - 2, and 3 points for 21,500 K against 18,000 K.
    expect(score({}).score).toBe(23);
  });

  it('"for each additional 1,000 K of the value of stuff collected above the required limit, add 1 point" (2 Stalkers: 18,000 K)', () => {
    expect(score({ collectedValue: 18_999 }).breakdown.valueBonus).toBe(0);
    expect(score({ collectedValue: 20_000 }).breakdown.valueBonus).toBe(2);
  });

  it('Abandoned Stalker Camp\'s header shows no modifier: its zero is counted as inferred, with the reasoning, and told apart from a printed one', () => {
    const { breakdown } = score({});
    expect(breakdown.modifiers).toContainEqual(expect.objectContaining({ cardId: CAMP, plus: 0, minus: 0, inferred: true, reasoning: expect.stringContaining('no score modifier icon') }));
    expect(breakdown.modifiers).toContainEqual({ cardId: THICKET, plus: 0, minus: 1, inferred: false, reasoning: null });
    expect(breakdown.inferredCardIds).toEqual([CAMP]);
  });

  it('"a card with the Request tag is face up next to the Map and its condition is not met, the game ends with the Stalkers\' defeat": a Request card among the cards must be answered', () => {
    const alone = { scenarioId: scenario('elimination'), stalkerCount: 2, objectiveMet: true, cardIds: [THICKET] };
    expect(() => run(scoreProcedure, alone)).toThrow(ruleError('requests', 'required'));
    const unmet = run<any>(scoreProcedure, { ...alone, requests: [{ cardId: THICKET, met: false }] }).result;
    expect(unmet).toMatchObject({ victory: false, score: null, failedRequests: [THICKET] });
    const discarded = run<any>(scoreProcedure, { ...alone, requests: [{ cardId: THICKET, met: false, discarded: true }] }).result;
    expect(discarded).toMatchObject({ victory: true, score: 21 });
  });

  it('a card id given twice is refused, not counted twice', () => {
    expect(() => score({ cardIds: [THICKET, CAMP, THICKET] })).toThrow(ruleError('cardIds[2]', 'unique'));
    expect(() => score({ requests: [{ cardId: THICKET, met: true }, { cardId: THICKET, met: true }] })).toThrow(ruleError('requests[1].cardId', 'unique'));
  });

  it('Gather Supplies: objectiveMet false stands, whatever was collected ("You lose if ... any of your Stalkers didn\'t escape")', () => {
    expect(score({ objectiveMet: false })).toMatchObject({ victory: false, objectiveMet: false, score: null });
    expect(score({}).objectiveMet).toBe(true);
    expect(() => score({ objectiveMet: true, collectedValue: 1000 })).toThrow(ruleError('objectiveMet', 'conflict'));
  });

  it('"Examples of score modifiers on Setup and Event cards": those cards count under their type-free id or either deck\'s id, once', () => {
    // The Wall Collapsed and Workshop one plus each, Psionic Attack two minus, Scattered Artifacts two plus: 23 + 2 − 4.
    const named = ['stalker-zs:card:the-wall-collapsed', 'stalker-zs:card:setup:workshop', 'stalker-zs:card:event:psionic-attack', 'stalker-zs:card:scattered-artifacts'];
    const r = score({ cardIds: [...base.cardIds, ...named] });
    expect(r).toMatchObject({ score: 21, unscoredCards: [] });
    expect(r.breakdown.modifiers.map((m: any) => [m.cardId, m.plus, m.minus, m.inferred]).slice(-4)).toEqual([
      ['stalker-zs:card:the-wall-collapsed', 1, 0, true],
      ['stalker-zs:card:workshop', 1, 0, false],
      ['stalker-zs:card:psionic-attack', 0, 2, false],
      ['stalker-zs:card:scattered-artifacts', 2, 0, false],
    ]);
    expect(() => score({ cardIds: [...base.cardIds, 'stalker-zs:card:workshop', 'stalker-zs:card:event:workshop'] })).toThrow(ruleError(`cardIds[${base.cardIds.length + 1}]`, 'unique'));
    expect(() => score({ cardIds: [...base.cardIds, 'stalker-zs:card:characters:workshop'] })).toThrow(ruleError(`cardIds[${base.cardIds.length}]`, 'unknown'));
  });

  it('a card whose modifiers the seed does not show leaves the score open', () => {
    const r = score({ cardIds: [...base.cardIds, 'stalker-zs:card:setup:flooded-room'] });
    expect(r.score).toBeNull();
    expect(r.partialScore).toBe(23);
    expect(r.unscoredCards).toEqual(['stalker-zs:card:setup:flooded-room']);
  });

  it('bad input: other Scenarios need objectiveMet; Gather Supplies needs collectedValue; a request for a card not given or without a Request', () => {
    expect(() => run(scoreProcedure, { scenarioId: scenario('elimination'), stalkerCount: 2, cardIds: [] })).toThrow(ruleError('objectiveMet', 'required'));
    expect(() => score({ collectedValue: undefined })).toThrow(ruleError('collectedValue', 'required'));
    expect(() => score({ requests: [{ cardId: 'stalker-zs:card:event:blizzard', met: true }, { cardId: THICKET, met: true }] })).toThrow(
      ruleError('requests[0].cardId', 'not-a-request'),
    );
    expect(() => score({ cardIds: [CAMP], requests: [{ cardId: THICKET, met: true }] })).toThrow(ruleError('requests[0].cardId', 'not-in-cards'));
    // Flooded Room's tags are not printed, so the table may report its Request; an unmet one is still a defeat.
    const flooded = 'stalker-zs:card:setup:flooded-room';
    expect(score({ cardIds: [...base.cardIds, flooded], requests: [...base.requests, { cardId: flooded, met: false }] })).toMatchObject({ victory: false, failedRequests: [flooded] });
    expect(() => score({ scenarioId: 'stalker-zs:card:event:blizzard' })).toThrow(ruleError('scenarioId', 'unknown'));
  });
});

describe('stalker-zs scenario randomizer (seed 004)', () => {
  it('"each of which can be played on any of the ten Maps, giving you 100 possible combinations"', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const r = run<any>(scenarioProcedure, {}, `combo-${i}`).result;
      seen.add(`${r.scenario.number}/${r.map.number}`);
    }
    expect(seen.size).toBe(100);
  });

  it('a chosen Scenario is kept; an unknown one is an error', () => {
    const r = run<any>(scenarioProcedure, { scenarioId: scenario('boss-hunt') }).result;
    expect(r).toMatchObject({ scenario: { name: 'Boss Hunt', number: 3 }, scenarioChosenBy: 'players', mapChosenBy: 'random' });
    expect(() => run(scenarioProcedure, { scenarioId: 'x' })).toThrow(ruleError('scenarioId', 'unknown'));
    expect(() => run(scenarioProcedure, { mapId: 'x' })).toThrow(ruleError('mapId', 'unknown'));
  });
});
