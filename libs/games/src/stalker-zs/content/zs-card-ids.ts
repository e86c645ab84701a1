/**
 * How Zone Survival cards are named. A card whose deck the seeds give is
 * `stalker-zs:card:<deck>:<name>` (`stalker-zs:card:event:blizzard`). A card
 * the seeds name without saying which deck it belongs to is
 * `stalker-zs:card:<name>`, and also answers to the deck-qualified id of each
 * deck it may be in (its aliases), so a player who names it by the deck they
 * drew it from reaches the same card.
 *
 * Ids never change once published: when a later seed gives such a card's
 * type, it keeps its type-free id and keeps the alias of that type, so
 * results stored under either name still find it.
 */

export const ZS_CARD_TYPES = ['special', 'setup', 'event', 'character', 'unique-loot'] as const;
export type ZsCardType = (typeof ZS_CARD_TYPES)[number];

const ZS_CARD_PREFIX = 'stalker-zs:card:';

/** The last segment of each deck's id: `stalker-zs:deck:characters` holds `character` cards. */
const DECK_SLUG: Readonly<Record<ZsCardType, string>> = {
  special: 'special',
  setup: 'setup',
  event: 'event',
  character: 'characters',
  'unique-loot': 'unique-loot',
};

/** The deck a card of this type ships in. */
export function zsDeckId(cardType: ZsCardType): string {
  return `stalker-zs:deck:${DECK_SLUG[cardType]}`;
}

/** A card name as an id segment: lower-case words and digits joined by `-` ("Mrs. Vulture" → `mrs-vulture`). */
export function zsCardSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The id of a card of a known type, or the type-free id when `cardType` is null. */
export function zsCardId(name: string, cardType: ZsCardType | null): string {
  const slug = zsCardSlug(name);
  return cardType === null ? `${ZS_CARD_PREFIX}${slug}` : `${ZS_CARD_PREFIX}${DECK_SLUG[cardType]}:${slug}`;
}

/** What an id says: the card type its deck segment names (null for a type-free id) and the name slug; null when it is not a card id. */
export function parseZsCardId(id: string): { cardType: ZsCardType | null; slug: string } | null {
  if (!id.startsWith(ZS_CARD_PREFIX)) return null;
  const parts = id.slice(ZS_CARD_PREFIX.length).split(':');
  if (parts.length === 1 && parts[0]) return { cardType: null, slug: parts[0] };
  if (parts.length !== 2 || !parts[1]) return null;
  const cardType = ZS_CARD_TYPES.find((type) => DECK_SLUG[type] === parts[0]);
  return cardType ? { cardType, slug: parts[1] } : null;
}

/** The card fields the naming depends on. */
export interface ZsCardNaming {
  readonly id: string;
  readonly name: string;
  readonly cardType: ZsCardType | null;
  /** The types a card of unknown type may have, as the seed narrows them; empty when the type is known. */
  readonly cardTypeOneOf: readonly ZsCardType[];
}

/**
 * The other ids a card answers to: a type-free card answers to the
 * deck-qualified id of its type, or of each type it may have; a card named
 * by its deck from the start needs none.
 */
export function zsCardAliases(card: ZsCardNaming): string[] {
  const parsed = parseZsCardId(card.id);
  if (!parsed || parsed.cardType !== null) return [];
  const types = card.cardType !== null ? [card.cardType] : card.cardTypeOneOf;
  return types.map((type) => `${ZS_CARD_PREFIX}${DECK_SLUG[type]}:${parsed.slug}`);
}

/** Ways a pack's cards break the naming: each a line for `content:validate`. */
export function zsCardNamingProblems(cards: readonly (ZsCardNaming & { readonly deckId: string | null; readonly aliases: readonly string[]; readonly gaps: readonly { readonly field?: string }[] })[], otherIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const card of cards) {
    const parsed = parseZsCardId(card.id);
    if (!parsed) {
      problems.push(`${card.id}: a card id is stalker-zs:card:<deck>:<name> or, when the rulebooks do not give the deck, stalker-zs:card:<name>`);
      continue;
    }
    if (parsed.slug !== zsCardSlug(card.name)) problems.push(`${card.id}: the id's name part must be "${zsCardSlug(card.name)}", from the card's name`);
    if (parsed.cardType !== null && parsed.cardType !== card.cardType) problems.push(`${card.id}: the id names the ${parsed.cardType} deck but the card's type is ${card.cardType}`);
    if (card.cardType === null) {
      if (card.deckId !== null) problems.push(`${card.id}: a card of unknown type has no deckId`);
      if (card.cardTypeOneOf.length === 0) problems.push(`${card.id}: a card of unknown type lists in cardTypeOneOf the types the rulebook allows`);
      if (!card.gaps.some((gap) => gap.field === 'cardType')) problems.push(`${card.id}: a card of unknown type carries a gap on cardType saying why`);
    } else {
      if (card.deckId !== zsDeckId(card.cardType)) problems.push(`${card.id}: a ${card.cardType} card's deckId is ${zsDeckId(card.cardType)}`);
      if (card.cardTypeOneOf.length > 0) problems.push(`${card.id}: cardTypeOneOf is only for a card of unknown type`);
    }
    const expected = zsCardAliases(card);
    if (JSON.stringify([...card.aliases].sort()) !== JSON.stringify([...expected].sort())) {
      problems.push(`${card.id}: aliases must be ${expected.length ? expected.join(', ') : 'empty'}`);
    }
    for (const alias of card.aliases) {
      if (otherIds.has(alias)) problems.push(`${card.id}: alias ${alias} is already an item id`);
      const first = owner.get(alias);
      if (first) problems.push(`${card.id}: alias ${alias} is already an alias of ${first}`);
      owner.set(alias, card.id);
    }
  }
  return problems;
}
