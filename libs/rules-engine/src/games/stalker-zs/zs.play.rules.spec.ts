import * as fs from 'fs';
import * as path from 'path';
import { zsExamples, ZS_EXAMPLE_DIE } from './zs.examples';
import { zoneSurvivalFateTriggers } from './zs.fate-triggers';
import { zsDieFromItem } from './zs.from-content';
import { ZS_SCORING } from './zs.rules-data';
import { zoneSurvivalScenarioRandomizer } from './zs.scenario-randomizer';
import { zoneSurvivalScore } from './zs.score';
import { zoneSurvivalScriptStep } from './zs.script-step';
import { zsSeedForFace } from './zs.spec-fixtures';
import { loadZsPack, ZS_PACK_DIR } from './zs.test-pack';

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const ex = zsExamples(items);
const fieldError = (field: string, rule: string) => expect.objectContaining({ name: 'RuleInputError', field, rule });
const RED = '[red cross icon]';
const PURPLE = '[purple icon]';

describe('stalker-zs Fate Triggers (seed 004)', () => {
  const fate = ex['stalker-zs.fate-triggers'];

  it('"If an effect ... is not associated with any [Fate roll icon] result, then it ALWAYS triggers"; bound effects fire only on their face', () => {
    const r = zoneSurvivalFateTriggers(fate, zsSeedForFace(ZS_EXAMPLE_DIE, PURPLE)).result;
    expect(r.roll.value).toBe(PURPLE);
    expect(r.fired.map((f) => [f.cardName, f.trigger])).toEqual([
      ['Abandoned Stalker Camp', 'always'],
      ['Mysterious Thicket', 'face'],
      ['Blizzard', 'face'],
      ['Fire', 'always'],
    ]);
    expect(r.fired[2].text).toContain('Each Stalker on an Outdoor space loses 3HP');
    expect(r.resolveUnknowns).toBe(false);
  });

  it('"If you roll [red cross icon] ... resolve 1 [Unknown token icon] from each stack"', () => {
    const r = zoneSurvivalFateTriggers(fate, zsSeedForFace(ZS_EXAMPLE_DIE, RED)).result;
    expect(r).toMatchObject({ resolveUnknowns: true, unknownStacks: 3 });
  });

  it('Frontal Assault: "you ALWAYS resolve 1 [Unknown token icon] from each stack ... not just when the result is [red cross icon]"', () => {
    const r = zoneSurvivalFateTriggers({ ...fate, scenarioNumber: 9 }, zsSeedForFace(ZS_EXAMPLE_DIE, PURPLE)).result;
    expect(r.resolveUnknowns).toBe(true);
  });

  it('faces a card names but the die lacks are reported, never matched', () => {
    const r = zoneSurvivalFateTriggers(fate, 's').result;
    expect(r.facesNotOnDie).toContainEqual({ cardId: 'stalker-zs:card:event:blizzard', face: '[yellow item icon]' });
  });

  it('the die is required and has no default: the pack die has no faces', () => {
    const packDie = items.find((i) => i.id === 'stalker-zs:die:zone-survival') as never;
    expect(() => zsDieFromItem(packDie)).toThrow(fieldError('die.faces', 'required'));
    expect(() => zoneSurvivalFateTriggers({ ...fate, die: undefined as never }, 's')).toThrow(fieldError('die', 'required'));
    expect(() => zoneSurvivalFateTriggers({ ...fate, die: { id: 'd', name: 'd', faces: null as never } }, 's')).toThrow(fieldError('die.faces', 'required'));
  });
});

describe('stalker-zs Scriptbook (seed 004)', () => {
  const { scripts } = ex['stalker-zs.script-step'];

  it('145: "[purple icon] – See Script 330"; 005: "Try to escape" leads to 089', () => {
    expect(zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:145', face: PURPLE }, 's').result.next).toEqual({ id: 'stalker-zs:script:330', number: 330 });
    expect(zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:005', choice: 'try to escape' }, 's').result.next?.number).toBe(89);
  });

  it('a rolled face the script does not list returns to the Map', () => {
    const die = { id: 'd', name: 'd', faces: ['[skull icon]', '[star icon]'] };
    expect(zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:145', die }, 's').result.next).toBeNull();
  });

  it('unknown script / no matching link are errors', () => {
    expect(() => zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:999', face: PURPLE }, 's')).toThrow(fieldError('scriptId', 'unknown'));
    expect(() => zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:145', face: '[skull icon]' }, 's')).toThrow(fieldError('face', 'no-link'));
    expect(() => zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:005', choice: 'Dance' }, 's')).toThrow(fieldError('choice', 'no-link'));
    expect(() => zoneSurvivalScriptStep({ scripts, scriptId: 'stalker-zs:script:005' }, 's')).toThrow(fieldError('face', 'required'));
  });
});

describe('stalker-zs score (seed 004)', () => {
  const score = ex['stalker-zs.score'];

  it('the numbers match the pack: "worth 20 points", "Add 1 point for each [red minus icon]", "Subtract 1 point for each [blue plus icon]"', () => {
    const item = items.find((i) => i.kind === 'zs-scoring') as Record<string, unknown>;
    expect(item).toMatchObject({ victoryPoints: ZS_SCORING.victoryPoints, pointsPerMinusIcon: ZS_SCORING.pointsPerMinusIcon, pointsPerPlusIcon: ZS_SCORING.pointsPerPlusIcon, countedCardTypes: ZS_SCORING.countedCardTypes });
    expect(item.scenarioBonuses).toEqual([expect.objectContaining({ points: ZS_SCORING.valueBonusPoints, perValueK: ZS_SCORING.valueBonusPerK })]);
  });

  it('"for each additional 1,000 K ... above the required limit, add 1 point" (2 Stalkers: 18,000 K)', () => {
    const at = (collectedValue: number) => zoneSurvivalScore({ ...score, collectedValue }, 's').result;
    expect(at(21_500)).toMatchObject({ victory: true, score: 20 + 2 - 2 + 3 });
    expect(at(18_999).score).toBe(20);
    expect(at(17_999)).toMatchObject({ victory: false, score: null });
  });

  it('a Request not met is a defeat; a card without known modifiers leaves the score open', () => {
    expect(zoneSurvivalScore({ ...score, requests: [{ cardId: 'x', met: false }] }, 's').result).toMatchObject({ victory: false, failedRequests: ['x'] });
    const lifter = items.find((i) => i.id === 'stalker-zs:card:characters:lifter') as never;
    const r = zoneSurvivalScore({ ...score, cards: [...score.cards, lifter] }, 's').result;
    expect(r).toMatchObject({ score: null, partialScore: 23, unscoredCards: ['stalker-zs:card:characters:lifter'] });
  });

  it('other Scenarios need objectiveMet', () => {
    const scenario = { id: 'stalker-zs:scenario:elimination', name: 'Elimination', valueTarget: null };
    expect(() => zoneSurvivalScore({ scenario, stalkerCount: 2, cards: [] }, 's')).toThrow(fieldError('objectiveMet', 'required'));
    expect(zoneSurvivalScore({ scenario, stalkerCount: 2, objectiveMet: true, cards: score.cards }, 's').result.score).toBe(20);
    expect(() => zoneSurvivalScore({ scenario, stalkerCount: 0, objectiveMet: true, cards: [] }, 's')).toThrow(fieldError('stalkerCount', 'range'));
  });
});

describe('stalker-zs scenario randomizer (seed 004)', () => {
  const input = ex['stalker-zs.scenario-randomizer'];

  it('"each of which can be played on any of the ten Maps, giving you 100 possible combinations"', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const r = zoneSurvivalScenarioRandomizer(input, `r-${i}`).result;
      seen.add(`${r.scenario.number}/${r.map.number}`);
    }
    expect(seen.size).toBe(100);
  });

  it('a chosen Scenario is kept; an unknown one is an error', () => {
    const r = zoneSurvivalScenarioRandomizer({ ...input, scenarioId: 'stalker-zs:scenario:boss-hunt' }, 's').result;
    expect(r).toMatchObject({ scenario: { number: 3 }, scenarioChosenBy: 'players', mapChosenBy: 'random' });
    expect(() => zoneSurvivalScenarioRandomizer({ ...input, scenarioId: 'nope' }, 's')).toThrow(fieldError('scenarioId', 'unknown'));
    expect(() => zoneSurvivalScenarioRandomizer({ ...input, maps: [] }, 's')).toThrow(fieldError('maps', 'too-small'));
  });
});
