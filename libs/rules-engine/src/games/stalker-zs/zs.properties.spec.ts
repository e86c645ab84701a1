import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { RuleInputError } from '../../procedure';
import { zoneSurvivalProcedures } from './index';
import { zsExamples } from './zs.examples';
import { zoneSurvivalFateTriggers } from './zs.fate-triggers';
import { prepareSetupData } from './zs.prepare';
import { runZoneSurvivalSetup } from './zs.setup';
import { zoneSurvivalScriptStep } from './zs.script-step';
import { zsTestContent } from './zs.spec-fixtures';
import { loadZsPack, ZS_PACK_DIR } from './zs.test-pack';
import { SetupCardData } from './zs.types';

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const content = zsTestContent(items);
const ex = zsExamples(items);
const scenarioIds = content.scenarios.map((s) => s.id);
const TAGS = ['This Room', 'Enviro', 'Request', 'NPC', 'Vehicle', 'Boost', 'Pipe', 'Trap'];

const deckArb = fc
  .array(fc.subarray(TAGS, { maxLength: 3 }), { minLength: 4, maxLength: 55 })
  .map((tagLists): SetupCardData[] => tagLists.map((tags, i) => ({ id: `c${i}`, name: i === 0 ? 'Open Space Around' : `Card ${i}`, tags })));

describe('stalker-zs properties', () => {
  it('four Setup cards never share a tag, for any deck, Scenario and Stalker count (or the deck is reported too small)', () => {
    fc.assert(
      fc.property(deckArb, fc.constantFrom(...scenarioIds), fc.integer({ min: 1, max: 4 }), fc.string(), (deck, scenarioId, n, seed) => {
        let prepared;
        try {
          prepared = prepareSetupData({ ...content, setupDeck: deck });
          const r = runZoneSurvivalSetup(prepared, { scenarioId, stalkerCount: n }, seed).result;
          expect(r.setupCards).toHaveLength(4);
          const tags = r.setupCards.flatMap((c) => c.tags);
          expect(new Set(tags).size).toBe(tags.length);
          expect(new Set(r.setupCards.map((c) => c.id)).size).toBe(4);
        } catch (e) {
          expect(e).toBeInstanceOf(RuleInputError);
          expect((e as RuleInputError).field).toBe('setupDeck');
          expect((e as RuleInputError).rule).toBe('too-small');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('deck sizes follow each recipe: 4 Setup cards, the Event deck as the Scenario gives it, drawn from the deck without repeats', () => {
    const prepared = prepareSetupData(content);
    fc.assert(
      fc.property(fc.constantFrom(...content.scenarios), fc.integer({ min: 1, max: 4 }), fc.string(), (scenario, n, seed) => {
        const r = runZoneSurvivalSetup(prepared, { scenarioId: scenario.id, stalkerCount: n }, seed).result;
        expect(r.setupCards).toHaveLength(4);
        const recipe = scenario.eventDeck;
        const size = recipe ? (recipe.formula ? recipe.formula.base + recipe.formula.perStalker * n : recipe.size) : null;
        expect(r.eventDeck?.size ?? null).toBe(size);
        if (r.eventDeck) {
          expect(r.eventDeck.cards).toHaveLength(size!);
          expect(new Set(r.eventDeck.cards!.map((c) => c.id)).size).toBe(size);
        }
        const row = scenario.enemies?.byStalkerCount[String(n) as '1'];
        expect(r.enemies?.standees ?? null).toBe(row ? row.reduce((s, g) => s + g.count, 0) : null);
      }),
    );
  });

  it('same seed ⇒ same resolution, for every procedure', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zoneSurvivalProcedures), fc.string(), (p, seed) => {
        const input = ex[p.id as keyof typeof ex];
        expect(p.run(input, seed)).toEqual(p.run(input, seed));
      }),
    );
  });

  it('some different seed ⇒ a different result, for every random procedure', () => {
    for (const p of zoneSurvivalProcedures.filter((x) => x.id !== 'stalker-zs.score')) {
      const input = ex[p.id as keyof typeof ex];
      const first = JSON.stringify(p.run(input, 'a').result);
      const differs = Array.from({ length: 50 }, (_, i) => `b-${i}`).some((seed) => JSON.stringify(p.run(input, seed).result) !== first);
      expect(differs).toBe(true);
    }
  });

  it('every die value is one of its die faces', () => {
    const dieArb = fc.uniqueArray(fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), { minLength: 2, maxLength: 12 }).map((faces) => ({ id: 'd', name: 'd', faces }));
    fc.assert(
      fc.property(dieArb, fc.string(), (die, seed) => {
        const fate = zoneSurvivalFateTriggers({ ...ex['stalker-zs.fate-triggers'], die }, seed).result;
        expect(die.faces).toContain(fate.roll.value);
        expect(fate.roll.value).toBe(die.faces[fate.roll.faceIndex]);
        const step = zoneSurvivalScriptStep({ ...ex['stalker-zs.script-step'], die }, seed).result;
        expect(die.faces).toContain(step.roll!.value);
      }),
    );
  });
});
