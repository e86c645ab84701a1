import fc from 'fast-check';
import { crimeWave } from './crime-wave';
import { DAWN_GAPS, dawnDraws, narrativeActionChoice } from './dawn';
import { twomExamples as ex } from './twom.examples';

const fieldError = (field: string, rule?: string) =>
  expect.objectContaining({ name: 'RuleInputError', field, ...(rule ? { rule } : {}) });

const sorted = (cards: readonly string[]) => [...cards].sort();

describe('Crime Wave (seed 001, Night Raid)', () => {
  // 001 line 111: "Crime Wave: If there are still red-cornered Night Raid and Residents cards separated during setup,
  // shuffle 2 of them (in any combination) back into their respective decks."
  it('"shuffle 2 of them (in any combination) back into their respective decks"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = crimeWave(ex['twom.crime-wave'], seed).result;
        expect(r.shuffledBack).toEqual([
          { card: 'Red Night Raid 2', deck: 'night-raids' },
          { card: 'Red Resident 1', deck: 'residents' },
        ]);
        expect(r.count).toEqual({ value: 2, inferred: false, reasoning: null });
        expect(sorted(r.nightRaidsDeck)).toEqual(['Night Raid 1', 'Night Raid 2', 'Night Raid 3', 'Red Night Raid 2']);
        expect(sorted(r.residentsDeck)).toEqual(['Red Resident 1', 'Resident 1', 'Resident 2']);
        expect(r.separatedNightRaids).toEqual(['Red Night Raid 1']);
        expect(r.separatedResidents).toEqual([]);
      }),
    );
  });

  it('"in any combination": both cards may come from the same deck, and a deck that gets none is left as it was', () => {
    const r = crimeWave({ ...ex['twom.crime-wave'], chosen: ['Red Night Raid 1', 'Red Night Raid 2'] }, 's').result;
    expect(r.residentsDeck).toEqual(ex['twom.crime-wave'].residentsDeck);
    expect(r.separatedNightRaids).toEqual([]);
    expect(r.separatedResidents).toEqual(['Red Resident 1']);
  });

  it('"If there are still ... separated": with none left nothing happens; with one left it alone goes back, marked inferred', () => {
    const none = crimeWave({ ...ex['twom.crime-wave'], separatedNightRaids: [], separatedResidents: [], chosen: [] }, 's');
    expect(none.result.shuffledBack).toEqual([]);
    expect(none.result.nightRaidsDeck).toEqual(ex['twom.crime-wave'].nightRaidsDeck);
    const one = crimeWave({ ...ex['twom.crime-wave'], separatedNightRaids: [], chosen: ['Red Resident 1'] }, 's');
    expect(one.result.count).toMatchObject({ value: 1, inferred: true });
    expect(one.transcript.some((step) => step.inference)).toBe(true);
  });

  it('the players must pick exactly 2 of the separated cards', () => {
    expect(() => crimeWave({ ...ex['twom.crime-wave'], chosen: ['Red Night Raid 1'] }, 's')).toThrow(fieldError('chosen', 'count'));
    expect(() => crimeWave({ ...ex['twom.crime-wave'], chosen: ['Red Night Raid 1', 'Night Raid 1'] }, 's')).toThrow(
      fieldError('chosen[1]', 'unknown-card'),
    );
  });
});

describe('Dawn (seed 001)', () => {
  // 001 line 119: "Draw a Fate Card: Draw and resolve 1 Fate Card (ignore the bottom part of the die)."
  // 001 line 120: "Narrative Action Card: Draw 2 Narrative Action cards, read them, choose one, and shuffle the other back into the deck."
  it('"Draw and resolve 1 Fate Card" and "Draw 2 Narrative Action cards", the rest of each deck kept', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const { fateDeck, narrativeActionDeck } = ex['twom.dawn-draws'];
        const r = dawnDraws(ex['twom.dawn-draws'], seed).result;
        expect(sorted([r.fateCard, ...r.fateDeck])).toEqual(sorted(fateDeck));
        expect(r.fateDeck).toHaveLength(fateDeck.length - 1);
        expect(r.narrativeOptions).toHaveLength(2);
        expect(sorted([...r.narrativeOptions, ...r.narrativeActionDeck])).toEqual(sorted(narrativeActionDeck));
      }),
    );
  });

  it('carries what the seed leaves open as gaps: Fate card texts, the Location swap, Alcohol', () => {
    const r = dawnDraws(ex['twom.dawn-draws'], 's').result;
    expect(r.gaps).toEqual(DAWN_GAPS);
    expect(r.gaps.join(' ')).toMatch(/Far Away/);
  });

  it('a deck already in a known order is drawn from the top when not shuffled', () => {
    const r = dawnDraws({ ...ex['twom.dawn-draws'], shuffleFirst: false }, 's').result;
    expect(r.fateCard).toBe('Fate 1');
    expect(r.narrativeOptions).toEqual(['Narrative Action 1', 'Narrative Action 2']);
  });

  it('"choose one, and shuffle the other back into the deck"', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const r = narrativeActionChoice(ex['twom.narrative-action-choice'], seed).result;
        expect(r).toMatchObject({ chosen: 'Narrative Action 4', returned: 'Narrative Action 2' });
        expect(sorted(r.narrativeActionDeck)).toEqual(['Narrative Action 1', 'Narrative Action 2', 'Narrative Action 3']);
      }),
    );
    expect(() => narrativeActionChoice({ ...ex['twom.narrative-action-choice'], chosen: 'Narrative Action 1' }, 's')).toThrow(
      fieldError('chosen', 'one-of'),
    );
  });

  it('Dawn needs 1 Fate card and 2 Narrative Action cards to draw', () => {
    expect(() => dawnDraws({ ...ex['twom.dawn-draws'], fateDeck: [] }, 's')).toThrow(fieldError('fateDeck', 'range'));
    expect(() => dawnDraws({ ...ex['twom.dawn-draws'], narrativeActionDeck: ['only'] }, 's')).toThrow(fieldError('narrativeActionDeck', 'range'));
  });
});
