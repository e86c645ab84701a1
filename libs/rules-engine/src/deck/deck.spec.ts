import fc from 'fast-check';
import { RuleInputError } from '../procedure';
import { Random } from '../rng/random';
import { Transcript } from '../transcript';
import { drawCards, drawFirstMatching, insertBetween, ordinal, putOnBottom, putOnTop, removeByName, setAside, shuffleDeck } from './deck';

const DECK = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

describe('deck operations', () => {
  it('draw takes from the top and leaves the rest in order, writing a line', () => {
    const transcript = new Transcript();
    const { drawn, deck } = drawCards(DECK, 2, { label: 'Event deck', transcript });
    expect(drawn).toEqual(['A', 'B']);
    expect(deck).toEqual(['C', 'D', 'E', 'F', 'G']);
    expect(transcript.toArray().map((t) => t.text)).toEqual(['Drew 2 from the Event deck: A, B']);
  });

  it('drawing more cards than the deck holds is a RuleInputError naming the field', () => {
    expect(() => drawCards(DECK, 8, { field: 'explorationDeck' })).toThrow(
      expect.objectContaining({ name: 'RuleInputError', field: 'explorationDeck', rule: 'too-small' }),
    );
    expect(() => drawCards(DECK, -1)).toThrow(RuleInputError);
  });

  it('draw first matching skips other cards and keeps them in order', () => {
    const deck = [{ name: 'a', red: false }, { name: 'b', red: true }, { name: 'c', red: false }, { name: 'd', red: true }];
    const { drawn, deck: rest } = drawFirstMatching(deck, (c) => c.red, 1, { what: 'red-bordered' });
    expect(drawn.map((c) => c.name)).toEqual(['b']);
    expect(rest.map((c) => c.name)).toEqual(['a', 'c', 'd']);
    expect(() => drawFirstMatching(deck, (c) => c.red, 3, { field: 'characterDeck' })).toThrow(
      expect.objectContaining({ field: 'characterDeck', rule: 'too-small' }),
    );
  });

  it('put on the bottom / top', () => {
    expect(putOnBottom(['A'], ['X', 'Y'])).toEqual(['A', 'X', 'Y']);
    expect(putOnTop(['A'], ['X', 'Y'])).toEqual(['X', 'Y', 'A']);
  });

  it('set aside and remove by name, case-insensitively; a missing card names the field', () => {
    const transcript = new Transcript();
    const { setAside: aside, deck } = setAside(['Harsh Winter', 'Event 1'], ['HARSH WINTER'], { field: 'events', label: 'Event cards', transcript });
    expect(aside).toEqual(['Harsh Winter']);
    expect(deck).toEqual(['Event 1']);
    expect(transcript.toArray().map((t) => t.text)).toEqual(['Set aside from the Event cards: Harsh Winter']);
    expect(removeByName([{ name: 'Goat' }, { name: 'Cat' }], 'cat').deck).toEqual([{ name: 'Goat' }]);
    expect(() => removeByName(DECK, 'Z', { field: 'endingEvents' })).toThrow(
      expect.objectContaining({ field: 'endingEvents', rule: 'missing-card' }),
    );
  });

  it('"shuffle 3 cards and place them between the 4th and 5th card"', () => {
    const transcript = new Transcript();
    const deck = insertBetween(DECK, ['x', 'y', 'z'], 4, { shuffle: Random.fromSeed('s'), label: 'Event deck', transcript });
    expect(deck.slice(0, 4)).toEqual(['A', 'B', 'C', 'D']);
    expect([...deck.slice(4, 7)].sort()).toEqual(['x', 'y', 'z']);
    expect(deck.slice(7)).toEqual(['E', 'F', 'G']);
    expect(transcript.toArray()[0].text).toMatch(/^Shuffled and placed .* between the 4th and 5th card of the Event deck$/);
    expect(() => insertBetween(DECK, ['x'], 8, { field: 'events' })).toThrow(expect.objectContaining({ field: 'events', rule: 'too-small' }));
  });

  it('never changes the deck it is given', () => {
    const deck = Object.freeze([...DECK]);
    shuffleDeck(deck, Random.fromSeed('s'));
    drawCards(deck, 3);
    insertBetween(deck, ['x'], 2);
    removeByName(deck, 'C');
    expect(deck).toEqual(DECK);
  });

  it('ordinals read naturally', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  });

  it('property: shuffle keeps every card; draw + rest is the deck; insert keeps sizes', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 30 }), fc.nat(30), (seed, deck, n) => {
        const shuffled = shuffleDeck(deck, Random.fromSeed(seed));
        expect([...shuffled].sort()).toEqual([...deck].sort());
        const k = Math.min(n, deck.length);
        const { drawn, deck: rest } = drawCards(deck, k);
        expect([...drawn, ...rest]).toEqual(deck);
        const inserted = insertBetween(deck, ['new'], k);
        expect(inserted).toHaveLength(deck.length + 1);
        expect(inserted[k]).toBe('new');
      }),
    );
  });

  it('property: same seed gives the same shuffle; some other seed gives another', () => {
    const deck = Array.from({ length: 20 }, (_, i) => i);
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(shuffleDeck(deck, Random.fromSeed(seed))).toEqual(shuffleDeck(deck, Random.fromSeed(seed)));
        const others = ['a', 'b', 'c'].map((s) => shuffleDeck(deck, Random.fromSeed(seed + s)));
        expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(shuffleDeck(deck, Random.fromSeed(seed))))).toBe(true);
      }),
    );
  });
});
