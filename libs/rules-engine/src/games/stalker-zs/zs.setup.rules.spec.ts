import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { prepareSetupData } from './zs.prepare';
import { runZoneSurvivalSetup, zoneSurvivalSetup } from './zs.setup';
import { zsTestContent } from './zs.spec-fixtures';
import { loadZsPack, ZS_PACK_DIR } from './zs.test-pack';
import { SetupCardData } from './zs.types';

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const content = zsTestContent(items);
const prepared = prepareSetupData(content);
const id = (slug: string) => `stalker-zs:scenario:${slug}`;
const setup = (slug: string, stalkerCount: number, seed = 's', extra = {}) =>
  runZoneSurvivalSetup(prepared, { scenarioId: id(slug), stalkerCount, ...extra }, seed).result;
const card = (name: string, tags: string[]): SetupCardData => ({ id: `t:${name}`, name, tags });
const fieldError = (field: string, rule: string) => expect.objectContaining({ name: 'RuleInputError', field, rule });

/** A deck where repeats are likely: 12 cards over 5 tags, two Request cards, Open Space Around. */
const crowded: SetupCardData[] = [
  card('A', ['This Room']), card('B', ['This Room', 'Enviro']), card('C', ['Enviro']), card('D', ['NPC']),
  card('E', ['NPC', 'Request']), card('F', ['Request', 'Vehicle']), card('G', ['Vehicle']), card('Open Space Around', ['Enviro']),
  card('H', ['Boost']), card('I', ['Boost', 'NPC']), card('J', ['Pipe']), card('K', ['This Room', 'Pipe']),
];
const crowdedPrepared = prepareSetupData({ ...content, setupDeck: crowded });
const crowdedSetup = (slug: string, seed: string, extra = {}) =>
  runZoneSurvivalSetup(crowdedPrepared, { scenarioId: id(slug), stalkerCount: 2, ...extra }, seed).result;

describe('stalker-zs setup rules (seed 004)', () => {
  it('"Each time you draw a card with at least one tag identical to the tag on any previously drawn Setup card, discard it and draw another one"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = crowdedSetup('elimination', seed);
        expect(r.setupCards).toHaveLength(4);
        const tags = r.setupCards.flatMap((c) => c.tags);
        expect(new Set(tags).size).toBe(tags.length);
        for (const d of r.setupDiscards) expect(d.reason).toBe('repeated-tag');
      }),
    );
  });

  it('Scouting and Gather Supplies: "If you have drawn the OPEN SPACE AROUND card, discard it and draw a new one."', () => {
    let sentBack = 0;
    for (let i = 0; i < 200; i++) {
      for (const slug of ['scouting', 'gather-supplies']) {
        const r = crowdedSetup(slug, `osa-${i}`);
        expect(r.setupCards.map((c) => c.name)).not.toContain('Open Space Around');
        sentBack += r.setupDiscards.filter((d) => d.card.name === 'Open Space Around' && d.reason === 'scenario-rule').length;
      }
    }
    expect(sentBack).toBeGreaterThan(0);
  });

  it('Escape: "if you drew a card with the Request tag during setup, discard it and draw another one"', () => {
    for (let i = 0; i < 200; i++) {
      expect(crowdedSetup('escape', `esc-${i}`).setupCards.flatMap((c) => c.tags)).not.toContain('Request');
    }
  });

  it('Frontal Assault: "check the next cards in the Setup deck until you find the first one with the Request tag – draw it as the fourth one"', () => {
    let forced = 0;
    let stuck = 0;
    for (let i = 0; i < 200; i++) {
      let r;
      try {
        r = runZoneSurvivalSetup(crowdedPrepared, { scenarioId: id('frontal-assault'), stalkerCount: 2 }, `fa-${i}`);
      } catch (e) {
        // Every Request card left repeats a tag of the first three: the seed is silent, so it is an error.
        expect(e).toEqual(fieldError('setupDeck', 'too-small'));
        stuck++;
        continue;
      }
      expect(r.result.setupCards.some((c) => c.tags.includes('Request'))).toBe(true);
      if (r.transcript.some((t) => t.text.startsWith('None of the first three has a Request tag'))) {
        forced++;
        expect(r.result.setupCards[3].tags).toContain('Request');
      }
    }
    expect(forced).toBeGreaterThan(0);
    expect(stuck).toBeLessThan(200);
  });

  it('Secret Mission: cards judged to "open a passage to the Room closed by the Armored Gate" are redrawn; unjudged, the check is listed', () => {
    const judged = ['t:A', 't:B', 't:K'];
    for (let i = 0; i < 100; i++) {
      const r = crowdedSetup('secret-mission', `sm-${i}`, { setupCardsOpeningPassage: judged });
      expect(r.setupCards.map((c) => c.id).filter((c) => judged.includes(c))).toEqual([]);
      expect(r.checks).toEqual([]);
    }
    expect(crowdedSetup('secret-mission', 'sm').checks[0]).toContain('would immediately open a passage to the Room closed by the Armored Gate');
  });

  it.each([[1, 10], [2, 9], [3, 8], [4, 7]])('Recon in Force: "Draw 11 – [Stalker count icon] random cards" (%i Stalkers: %i)', (n, size) => {
    const r = setup('recon-in-force', n);
    expect(r.eventDeck?.size).toBe(size);
    expect(new Set(r.eventDeck?.cards?.map((c) => c.id)).size).toBe(size);
  });

  it('Elimination, 4 Stalkers: "1 Enemy [green 1 team token], 3 Enemies [yellow 1 team token], 6 Enemies [blue 1 team token]"; "three stacks of four"', () => {
    const r = setup('elimination', 4);
    expect(r.enemies?.groups?.map((g) => [g.count, g.teamTokens])).toEqual([
      [1, ['[green 1 team token]']], [3, ['[yellow 1 team token]']], [6, ['[blue 1 team token]']],
    ]);
    expect(r.enemies?.standees).toBe(10);
    expect(r.enemies?.bossStartsInBossSlot).toBe(true);
    expect(r.unknownTokens).toMatchObject({ stacks: 3, tokensPerStack: 4, total: 12 });
  });

  it('Scouting: "place only 1 random Loot token in each Loot slot. Then, place [Stalker count icon] × 3 Loot tokens"', () => {
    expect([1, 2, 3, 4].map((n) => setup('scouting', n).loot)).toEqual([1, 2, 3, 4].map((n) => ({ tokensPerSlot: 1, extraTokens: n * 3 })));
  });

  it('Gather Supplies: "12,000 K + [Stalker count icon] × 3,000 K"', () => {
    expect([1, 2, 3, 4].map((n) => setup('gather-supplies', n).valueTarget)).toEqual([15000, 18000, 21000, 24000]);
  });

  it('Frontal Assault: "First, remove 3 [black X icon] tokens from the [Unknown token icon] pool." / "three stacks of seven"', () => {
    expect(setup('frontal-assault', 2).unknownTokens).toMatchObject({ stacks: 3, tokensPerStack: 7, removeFromPool: expect.stringContaining('remove 3') });
  });

  it('where the seed prints nothing, the result says so and gives no number', () => {
    const surrounded = setup('surrounded', 2);
    expect(surrounded.enemies?.groups).toBeNull();
    expect(surrounded.gaps.map((g) => g.field)).toEqual(expect.arrayContaining(['enemies.byStalkerCount.2', 'loot', 'eventDeck', 'funds', 'stalkerEntrance', 'anomaly']));
    expect(setup('surrounded', 1).enemies?.standees).toBe(5);
    expect(setup('secret-mission', 2).enemies).toBeNull();
    expect(setup('secret-mission', 2).gaps.map((g) => g.field)).toContain('enemies');
    for (const s of content.scenarios) {
      const r = setup(s.id.split(':')[2], 3);
      expect(r.funds).toBeNull();
      expect(r.gaps.map((g) => g.field)).toContain('funds');
      if (r.eventDeck === null) expect(r.gaps.map((g) => g.field)).toContain('eventDeck');
    }
  });

  it('the prepared and the unprepared paths give the same resolution', () => {
    const input = { ...content, scenarioId: id('boss-hunt'), stalkerCount: 2 };
    expect(zoneSurvivalSetup(input, 'x')).toEqual(runZoneSurvivalSetup(prepared, input, 'x'));
  });
});

describe('stalker-zs setup bad input', () => {
  it.each([0, 5])('stalkerCount %i is out of range', (n) => {
    expect(() => setup('elimination', n)).toThrow(fieldError('stalkerCount', 'range'));
    expect(() => zoneSurvivalSetup({ ...content, scenarioId: id('elimination'), stalkerCount: n }, 's')).toThrow(fieldError('stalkerCount', 'range'));
  });

  it('an unknown scenario', () => {
    expect(() => setup('zone-picnic', 2)).toThrow(fieldError('scenarioId', 'unknown'));
  });

  it('a deck too small to draw four setup cards with distinct tags', () => {
    const deck = ['A', 'B', 'C', 'D', 'E'].map((n, i) => card(n, i < 2 ? ['Enviro'] : ['Enviro', 'NPC']));
    expect(() => zoneSurvivalSetup({ ...content, setupDeck: deck, scenarioId: id('elimination'), stalkerCount: 1 }, 's')).toThrow(fieldError('setupDeck', 'too-small'));
    expect(() => zoneSurvivalSetup({ ...content, setupDeck: deck.slice(0, 3).map((c, i) => ({ ...c, tags: [`t${i}`] })), scenarioId: id('elimination'), stalkerCount: 1 }, 's')).toThrow(fieldError('setupDeck', 'too-small'));
  });

  it('a Setup card without tags, and an unknown judged card', () => {
    const deck = content.setupDeck.map((c, i) => (i === 3 ? { ...c, tags: undefined as unknown as string[] } : c));
    expect(() => prepareSetupData({ ...content, setupDeck: deck })).toThrow(fieldError('setupDeck[3].tags', 'required'));
    expect(() => setup('secret-mission', 2, 's', { setupCardsOpeningPassage: ['nope'] })).toThrow(fieldError('setupCardsOpeningPassage[0]', 'unknown'));
  });

  it('an Event deck too small for the Scenario', () => {
    const small = prepareSetupData({ ...content, eventDeck: content.eventDeck!.slice(0, 5) });
    expect(() => runZoneSurvivalSetup(small, { scenarioId: id('recon-in-force'), stalkerCount: 1 }, 's')).toThrow(fieldError('eventDeck', 'too-small'));
  });
});
