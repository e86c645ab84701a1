import * as fs from 'fs';
import * as path from 'path';
import { ContentItemLike } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { zoneSurvivalSetupProcedure as setupProcedure } from './zs.setup';
import { ShuffledDeck } from './zs.setup-deck';
import { ruleError, withWholeEventDeck, zsRunner } from './zs.spec-fixtures';
import { loadZsPack, ZS_PACK_DIR } from '../testing/zs-test-pack';

const items = loadZsPack((file) => fs.readFileSync(path.join(__dirname, ZS_PACK_DIR, file), 'utf8'));
const run = zsRunner(items);
const id = (slug: string) => `stalker-zs:scenario:${slug}`;
const setup = (slug: string, stalkerCount: number, seed = 's', extra = {}) =>
  run<any>(setupProcedure, { scenarioId: id(slug), stalkerCount, ...extra }, seed).result;

/** The pack's scenarios and decks with a Setup deck of our own, every tag known, and no box size. */
function withSetupDeck(cards: { name: string; tags: string[] }[]): readonly ContentItemLike[] {
  const rest = items.filter((i) => !(i.kind === 'zs-card' && i.cardType === 'setup') && !(i.kind === 'deck' && i.id === 'stalker-zs:deck:setup'));
  return [
    ...rest,
    ...cards.map((c) => ({ kind: 'zs-card', id: `t:${c.name}`, name: c.name, cardType: 'setup', tags: c.tags, tagsKnown: true, scoreModifier: null, fateTriggers: null })),
  ];
}

const card = (name: string, ...tags: string[]) => ({ name, tags });
/** A deck where repeats are likely: 12 cards over 5 tags, two Request cards, Open Space Around. */
const crowded = zsRunner(
  withSetupDeck([
    card('A', 'This Room'), card('B', 'This Room', 'Enviro'), card('C', 'Enviro'), card('D', 'NPC'),
    card('E', 'NPC', 'Request'), card('F', 'Request', 'Vehicle'), card('G', 'Vehicle'), card('Open Space Around', 'Enviro'),
    card('H', 'Boost'), card('I', 'Boost', 'NPC'), card('J', 'Pipe'), card('K', 'This Room', 'Pipe'),
  ]),
);
const crowdedSetup = (slug: string, seed: string, extra = {}) =>
  crowded<any>(setupProcedure, { scenarioId: id(slug), stalkerCount: 2, ...extra }, seed).result;
const names = (r: any): string[] => r.setupCards.map((s: any) => s.card?.name);

describe('stalker-zs setup: Step 3 on the box deck (seed 004)', () => {
  it('a deck shuffled as far as it is dealt deals every card once, each first card about equally often', () => {
    const cards = Array.from({ length: 10 }, (_, i) => i);
    const firsts = new Array(10).fill(0);
    for (let s = 0; s < 5000; s++) {
      const deck = new ShuffledDeck(cards, Random.fromSeed(`deal-${s}`));
      const dealt: number[] = [];
      while (!deck.isEmpty()) dealt.push(deck.draw());
      expect([...dealt].sort((a, b) => a - b)).toEqual(cards);
      firsts[dealt[0]]++;
    }
    for (const n of firsts) expect(n / 5000).toBeCloseTo(0.1, 1);
  });

  it('"you draw four unique game elements from a pool of 55 different Setup cards": the 45 the seed never prints stay in the deck as an explicit gap', () => {
    const r = setup('elimination', 2);
    expect(r.setupDeck).toEqual({ size: 55, inPack: 10, notInPack: 45 });
    expect(r.gaps).toContainEqual(expect.objectContaining({ field: 'setupDeck', note: expect.stringContaining('45 are not in the content') }));
    expect(r.setupCards).toHaveLength(4);
  });

  it('Open Space Around comes up about 4 times in 55, not in a third of setups', () => {
    let seen = 0;
    const runs = 2000;
    for (let i = 0; i < runs; i++) if (names(setup('elimination', 2, `osa-${i}`)).includes('Open Space Around')) seen++;
    // 4 draws from 55 cards: 4/55 ≈ 7 %; a 10-card deck gave about 40 %.
    expect(seen / runs).toBeGreaterThan(0.04);
    expect(seen / runs).toBeLessThan(0.11);
  });

  it('a card whose tags the seed does not print is carried as unknown (tags null, tagsKnown false), never as "no tags", and the table is told to check it', () => {
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const r = setup('elimination', 2, `unk-${i}`);
      for (const slot of r.setupCards) {
        if (slot.card?.name === 'Flooded Room') {
          expect(slot.card).toMatchObject({ tags: null, tagsKnown: false });
          expect(slot.note).toContain('does not print its tags');
          checked++;
        }
        if (slot.card === null) expect(slot.note).toContain('draw one at the table');
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('"Each time you draw a card with at least one tag identical to the tag on any previously drawn Setup card, discard it and draw another one": applied where tags are known', () => {
    for (let i = 0; i < 300; i++) {
      const r = crowdedSetup('elimination', `rep-${i}`);
      expect(r.setupCards).toHaveLength(4);
      const tags = r.setupCards.flatMap((s: any) => s.card.tags);
      expect(new Set(tags).size).toBe(tags.length);
      for (const d of r.setupDiscards) expect(d.reason).toBe('repeated-tag');
    }
    const fired = Array.from({ length: 50 }, (_, i) => crowdedSetup('elimination', `rep-${i}`).setupDiscards.length).some((n) => n > 0);
    expect(fired).toBe(true);
  });

  it('Scouting and Gather Supplies: "If you have drawn the OPEN SPACE AROUND card, discard it and draw a new one."', () => {
    let sentBack = 0;
    for (let i = 0; i < 200; i++) {
      for (const slug of ['scouting', 'gather-supplies']) {
        const r = crowdedSetup(slug, `osa-${i}`);
        expect(names(r)).not.toContain('Open Space Around');
        sentBack += r.setupDiscards.filter((d: any) => d.card.name === 'Open Space Around' && d.reason === 'scenario-rule').length;
      }
    }
    expect(sentBack).toBeGreaterThan(0);
  });

  it('Escape: "if you drew a card with the Request tag during setup, discard it and draw another one"', () => {
    for (let i = 0; i < 200; i++) {
      expect(crowdedSetup('escape', `esc-${i}`).setupCards.flatMap((s: any) => s.card.tags)).not.toContain('Request');
    }
  });

  it('Frontal Assault: "check the next cards in the Setup deck until you find the first one with the Request tag – draw it as the fourth one"', () => {
    let searched = 0;
    for (let i = 0; i < 200; i++) {
      const r = crowdedSetup('frontal-assault', `fa-${i}`);
      const fourth = r.setupCards[3];
      // Either a Request card is among the four, or none is left that repeats no tag, and the slot says the seed gives no way on.
      if (fourth.card === null) expect(fourth.note).toContain('the seed gives no way on');
      else expect(r.setupCards.some((s: any) => s.card.tags.includes('Request'))).toBe(true);
      if (fourth.card?.tags.includes('Request') && !r.setupCards.slice(0, 3).some((s: any) => s.card.tags.includes('Request'))) searched++;
    }
    expect(searched).toBeGreaterThan(0);
  });

  it('Frontal Assault on the box deck: where an unprinted card may be the first Request card, the search is left to the table and says so', () => {
    let leftToTable = 0;
    for (let i = 0; i < 200; i++) {
      const r = setup('frontal-assault', 2, `fab-${i}`);
      const fourth = r.setupCards[3];
      if (fourth.card === null && fourth.note?.includes('first with the Request tag')) leftToTable++;
    }
    expect(leftToTable).toBeGreaterThan(0);
  });

  it('Secret Mission: cards judged to "open a passage to the Room closed by the Armored Gate" are redrawn; unjudged, the check is listed', () => {
    const unjudged = crowdedSetup('secret-mission', 'sm');
    expect(unjudged.checks[0]).toContain('Armored Gate');
    const first = unjudged.setupCards[0].card.id;
    const judged = crowdedSetup('secret-mission', 'sm', { setupCardsOpeningPassage: [first] });
    expect(judged.setupCards.map((s: any) => s.card.id)).not.toContain(first);
    expect(judged.setupDiscards).toContainEqual({ card: expect.objectContaining({ id: first }), reason: 'scenario-rule' });
  });
});

describe('stalker-zs setup: Step 2 placements as printed (seed 004)', () => {
  const placements = (slug: string) => setup(slug, 2).placements.map((p: any) => `${p.step}: ${p.text}`);

  it('Escape: "Place the Exit token in the Center slot. Please note that the Exit token is NOT placed in its dedicated Exit slot in this Scenario!"', () => {
    expect(placements('escape')).toContain('2: Place the Exit token in the Center slot. Please note that the Exit token is NOT placed in its dedicated Exit slot in this Scenario!');
  });

  it('Boss Hunt: "Place both Spawn Point tokens on the Enemy [Enemy type icon] card." (and "Place the Exit token in the Exit slot.")', () => {
    expect(placements('boss-hunt')).toEqual(['2: Place the Exit token in the Exit slot.', '5: Place both Spawn Point tokens on the Enemy [Enemy type icon] card.']);
  });

  it('Frontal Assault: "Place both Spawn Point tokens on any two different chosen spaces marked as Top Edge of the Map."', () => {
    expect(placements('frontal-assault')).toContainEqual(expect.stringMatching(/^2: Place both Spawn Point tokens on any two different chosen spaces marked as Top Edge of the Map\./));
  });

  it('Manhunt: "Place the Exit Tunnel token in the Center slot. Place both Spawn Point tokens in the Spawn Point slots."', () => {
    expect(placements('manhunt')).toEqual(['2: Place the Exit Tunnel token in the Center slot.', '2: Place both Spawn Point tokens in the Spawn Point slots.']);
  });

  it('Elimination: "In the setup of this Scenario, do not place any Special cards & tokens."', () => {
    expect(placements('elimination')).toEqual([]);
  });
});

describe('stalker-zs setup: the rest of each recipe (seed 004)', () => {
  it('Elimination, 4 Stalkers: "1 Enemy [green 1 team token], 3 Enemies [yellow 1 team token], 6 Enemies [blue 1 team token]"; "three stacks of four"', () => {
    const r = setup('elimination', 4);
    expect(r.enemies.groups.map((g: any) => g.count)).toEqual([1, 3, 6]);
    expect(r.enemies.standees).toBe(10);
    expect(r.unknownTokens).toMatchObject({ stacks: 3, tokensPerStack: 4 });
  });

  it('Scouting: "place only 1 random Loot token in each Loot slot. Then, place [Stalker count icon] × 3 Loot tokens"', () => {
    expect(setup('scouting', 3).loot).toEqual({ tokensPerSlot: 1, extraTokens: 9 });
  });

  it('Gather Supplies: "12,000 K + [Stalker count icon] × 3,000 K"', () => {
    expect(setup('gather-supplies', 2).valueTarget).toBe(18000);
  });

  it('Recon in Force: "Draw 11 – [Stalker count icon] random cards from the Zone Survival Event deck", drawn when the whole deck is known', () => {
    expect(setup('recon-in-force', 3).eventDeck).toEqual({ size: 8, cards: null });
    const whole = zsRunner(withWholeEventDeck(items));
    const r = whole<any>(setupProcedure, { scenarioId: id('recon-in-force'), stalkerCount: 3 }).result;
    expect(r.eventDeck.cards).toHaveLength(8);
    expect(new Set(r.eventDeck.cards.map((c: any) => c.id)).size).toBe(8);
  });

  it('where the seed prints nothing, the result says so and gives no number', () => {
    const r = setup('secret-mission', 3);
    expect(r.enemies).toBeNull();
    expect(r.eventDeck).toBeNull();
    expect(r.gaps.map((g: any) => g.field)).toEqual(expect.arrayContaining(['enemies', 'eventDeck', 'funds', 'stalkerEntrance', 'anomaly']));
  });
});

describe('stalker-zs setup bad input', () => {
  it.each([0, 5, 2.5])('a Stalker count of %p names stalkerCount', (stalkerCount) => {
    expect(() => setup('elimination', stalkerCount)).toThrow(ruleError('stalkerCount', stalkerCount === 2.5 ? 'integer' : 'range'));
  });

  it('an unknown Scenario names scenarioId', () => {
    expect(() => setup('nowhere', 2)).toThrow(ruleError('scenarioId', 'unknown'));
  });

  it('an unknown judged card names its place', () => {
    expect(() => setup('secret-mission', 2, 's', { setupCardsOpeningPassage: ['stalker-zs:card:setup:nope'] })).toThrow(
      ruleError('setupCardsOpeningPassage[0]', 'unknown'),
    );
  });
});
