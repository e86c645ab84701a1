import { contentLibrary } from '@scriptbook/content';
import { RuleInputError, zoneSurvivalScore, zoneSurvivalSetup } from '@scriptbook/rules-engine';
import { ZS_EXAMPLE_DIE, zsExamples } from '@scriptbook/rules-engine/games/stalker-zs/zs.examples';
import { ZsContentLike } from '@scriptbook/rules-engine';
import { ZONE_SURVIVAL_REQUESTS } from '../testing/examples';
import { zsContent } from './zs.content';
import { prepareFateTriggers, prepareScenarioRandomizer, prepareScore, prepareScriptStep, prepareSetup } from './zs.preparers';

const library = contentLibrary();
const items = ['zs-scenario', 'zs-card', 'zs-script', 'zs-map'].flatMap((kind) => library.ofKind(kind as 'zs-card')) as unknown as ZsContentLike[];
const examples = zsExamples(items);
const request = (id: string) => ZONE_SURVIVAL_REQUESTS[id];

describe('Zone Survival content mapping', () => {
  it('builds the setup from the library; only the caller’s choices pass through', () => {
    const prepared = prepareSetup({ ...request('stalker-zs.setup'), setupDeck: [] }, library) as Record<string, unknown>;
    const { eventDeck: _padded, ...example } = examples['stalker-zs.setup'];
    expect(prepared).toEqual(example);
  });

  it('leaves the Event deck out while the library holds only part of it, so the table draws it', () => {
    expect(zsContent(library).setup.eventDeck).toBeUndefined();
    const { result } = zoneSurvivalSetup(prepareSetup(request('stalker-zs.setup'), library) as never, 'zs');
    expect(result.eventDeck?.cards).toBeNull();
    expect(result.checks.some((c) => c.startsWith('Step 7'))).toBe(true);
  });

  it('offers every Scenario and Map to the randomizer', () => {
    expect(prepareScenarioRandomizer({ mapId: 'stalker-zs:map:3' }, library)).toEqual({
      ...examples['stalker-zs.scenario-randomizer'],
      mapId: 'stalker-zs:map:3',
    });
  });

  it('turns card ids and die faces into the Fate Triggers input', () => {
    const prepared = prepareFateTriggers(request('stalker-zs.fate-triggers'), library) as Record<string, unknown>;
    const example = examples['stalker-zs.fate-triggers'];
    expect(prepared.cards).toEqual(example.cards);
    expect(prepared.unknownStacks).toBe(3);
    expect((prepared.die as { faces: unknown }).faces).toEqual(ZS_EXAMPLE_DIE.faces);
    expect((prepared.die as { id: string }).id).toBe('stalker-zs:die:zone-survival');
  });

  it('reads the Scenario number for Frontal Assault’s rule from the Scenario id', () => {
    const frontal = library.ofKind('zs-scenario').find((s) => s.number === 9)!;
    const prepared = prepareFateTriggers({ ...request('stalker-zs.fate-triggers'), scenarioId: frontal.id }, library) as Record<string, unknown>;
    expect(prepared.scenarioNumber).toBe(9);
  });

  it('rolls for a script only when asked, over the whole Scriptbook', () => {
    const rolled = prepareScriptStep(request('stalker-zs.script-step'), library) as Record<string, unknown>;
    expect(rolled.scripts).toBe(zsContent(library).scripts);
    expect(rolled.die).toBeDefined();
    const chosen = prepareScriptStep({ scriptId: 'stalker-zs:script:145', face: '[purple icon]' }, library) as Record<string, unknown>;
    expect(chosen.die).toBeUndefined();
    expect(chosen.face).toBe('[purple icon]');
  });

  it('scores from ids exactly as from the content items', () => {
    const prepared = prepareScore(request('stalker-zs.score'), library);
    expect(zoneSurvivalScore(prepared as never, 's').result).toEqual(zoneSurvivalScore(examples['stalker-zs.score'] as never, 's').result);
  });

  it('names the field of an id the library does not hold', () => {
    const bad = () => prepareScore({ ...request('stalker-zs.score'), cardIds: ['stalker-zs:scenario:boss-hunt'] }, library);
    expect(bad).toThrow(RuleInputError);
    expect(bad).toThrow(expect.objectContaining({ field: 'cardIds[0]', rule: 'unknown' }));
  });

  it('asks for die faces the content cannot give', () => {
    const { dieFaces: _faces, ...input } = request('stalker-zs.fate-triggers');
    expect(() => prepareFateTriggers(input, library)).toThrow(expect.objectContaining({ field: 'dieFaces', rule: 'required' }));
    expect(() => prepareFateTriggers({ ...input, dieFaces: ['one'] }, library)).toThrow(expect.objectContaining({ field: 'dieFaces', rule: 'faces' }));
  });
});
