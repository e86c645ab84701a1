import { parseZsCardId, zsCardAliases, zsCardId, zsCardNamingProblems } from './zs-card-ids';

describe('Zone Survival card ids', () => {
  it('names a card by its deck, or without one where the seeds do not give it', () => {
    expect(zsCardId('Mrs. Vulture', 'character')).toBe('stalker-zs:card:characters:mrs-vulture');
    expect(zsCardId('The Wall Collapsed', null)).toBe('stalker-zs:card:the-wall-collapsed');
    expect(parseZsCardId('stalker-zs:card:characters:mrs-vulture')).toEqual({ cardType: 'character', slug: 'mrs-vulture' });
    expect(parseZsCardId('stalker-zs:card:workshop')).toEqual({ cardType: null, slug: 'workshop' });
    expect(parseZsCardId('stalker-zs:card:attic:workshop')).toBeNull();
    expect(parseZsCardId('stalker-zs:script:052')).toBeNull();
  });

  it('keeps a type-free id when the type becomes known, with the alias of that type', () => {
    const unknown = { id: 'stalker-zs:card:workshop', name: 'Workshop', cardType: null, cardTypeOneOf: ['setup', 'event'] } as const;
    expect(zsCardAliases(unknown)).toEqual(['stalker-zs:card:setup:workshop', 'stalker-zs:card:event:workshop']);
    expect(zsCardAliases({ ...unknown, cardType: 'setup', cardTypeOneOf: [] })).toEqual(['stalker-zs:card:setup:workshop']);
    expect(zsCardAliases({ id: 'stalker-zs:card:event:blizzard', name: 'Blizzard', cardType: 'event', cardTypeOneOf: [] })).toEqual([]);
  });

  it('names every way a card breaks the naming', () => {
    const card = {
      id: 'stalker-zs:card:workshop',
      name: 'Workshop',
      cardType: null,
      cardTypeOneOf: [] as const,
      deckId: 'stalker-zs:deck:setup',
      aliases: ['stalker-zs:card:event:blizzard'],
      gaps: [],
    };
    expect(zsCardNamingProblems([card], new Set(['stalker-zs:card:event:blizzard']))).toEqual([
      'stalker-zs:card:workshop: a card of unknown type has no deckId',
      'stalker-zs:card:workshop: a card of unknown type lists in cardTypeOneOf the types the rulebook allows',
      'stalker-zs:card:workshop: a card of unknown type carries a gap on cardType saying why',
      'stalker-zs:card:workshop: aliases must be empty',
      'stalker-zs:card:workshop: alias stalker-zs:card:event:blizzard is already an item id',
    ]);
    const misnamed = { id: 'stalker-zs:card:setup:work-shop', name: 'Workshop', cardType: 'event', cardTypeOneOf: [], deckId: 'stalker-zs:deck:event', aliases: [], gaps: [] } as const;
    expect(zsCardNamingProblems([misnamed], new Set())).toEqual([
      'stalker-zs:card:setup:work-shop: the id\'s name part must be "workshop", from the card\'s name',
      'stalker-zs:card:setup:work-shop: the id names the setup deck but the card\'s type is event',
    ]);
  });
});
