import { drawCards, drawFirstMatching, shuffleDeck } from '../../deck/deck';
import { RuleInputError } from '../../procedure';
import { Random } from '../../rng/random';
import { Transcript } from '../../transcript';
import { tagKey, PreparedSetupCard } from './zs.prepare';
import { ZS_SETUP_CARD_COUNT, ZsSetupDrawRule } from './zs.rules-data';

export type ZsDiscardReason = 'repeated-tag' | 'scenario-rule';

export interface ZsSetupCard {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[];
}

export interface ZsSetupDiscard {
  readonly card: ZsSetupCard;
  readonly reason: ZsDiscardReason;
}

export interface ZsSetupDraw {
  readonly cards: readonly ZsSetupCard[];
  readonly discarded: readonly ZsSetupDiscard[];
}

const LABEL = 'Setup deck';
const FIELD = 'setupDeck';

const publicCard = (c: PreparedSetupCard): ZsSetupCard => ({ id: c.id, name: c.name, tags: c.tags });

/** Why the Scenario's own Step 3 sends this card back, or null when it stays. */
function scenarioRejects(card: PreparedSetupCard, rule: ZsSetupDrawRule, judged: ReadonlySet<string>): boolean {
  switch (rule.kind) {
    case 'redraw-card':
      return tagKey(card.name) === tagKey(rule.cardName);
    case 'redraw-tag':
      return card.tagKeys.includes(tagKey(rule.tag));
    case 'redraw-judged':
      return judged.has(card.id);
    default:
      return false;
  }
}

/**
 * Step 3: "Draw four random cards from the Setup deck one by one. Each time you
 * draw a card with at least one tag identical to the tag on any previously
 * drawn Setup card, discard it and draw another one in its place." Discarded
 * cards leave the deck; the seed gives no reshuffle, so running out is bad input.
 */
export function drawZsSetupCards(
  deck: readonly PreparedSetupCard[],
  rule: ZsSetupDrawRule,
  judged: ReadonlySet<string>,
  random: Random,
  transcript: Transcript,
): ZsSetupDraw {
  let rest = shuffleDeck(deck, random, { label: LABEL, transcript });
  const kept: PreparedSetupCard[] = [];
  const discarded: ZsSetupDiscard[] = [];
  const used = new Set<string>();
  const accept = (card: PreparedSetupCard) => {
    kept.push(card);
    for (const k of card.tagKeys) used.add(k);
  };
  const shares = (card: PreparedSetupCard) => card.tagKeys.some((k) => used.has(k));

  while (kept.length < ZS_SETUP_CARD_COUNT) {
    if (rule.kind === 'fourth-with-tag' && kept.length === ZS_SETUP_CARD_COUNT - 1) {
      const key = tagKey(rule.tag);
      if (!kept.some((c) => c.tagKeys.includes(key))) {
        transcript.add(`None of the first three has a ${rule.tag} tag: "${rule.quote}"`);
        // The fourth must still repeat no tag: "you should have four cards with no repeat tags".
        const fits = (c: PreparedSetupCard) => c.tagKeys.includes(key) && !shares(c);
        if (!rest.some(fits)) {
          // The seed does not say what happens when every Request card left repeats a tag.
          throw new RuleInputError(
            FIELD,
            'too-small',
            `${FIELD} has no ${rule.tag} card left whose tags differ from ${kept.map((c) => c.name).join(', ')}; the seed gives no way on from here`,
          );
        }
        const found = drawFirstMatching(rest, fits, 1, {
          field: FIELD,
          label: LABEL,
          what: `${rule.tag}-tagged`,
          transcript,
        });
        rest = found.deck;
        accept(found.drawn[0]);
        break;
      }
    }
    if (rest.length === 0) {
      throw new RuleInputError(FIELD, 'too-small', `${FIELD} ran out before ${ZS_SETUP_CARD_COUNT} cards with no repeated tag were drawn`);
    }
    const next = drawCards(rest, 1, { field: FIELD, label: LABEL, transcript });
    rest = next.deck;
    const card = next.drawn[0];
    if (shares(card)) {
      const repeated = card.tags.filter((t) => used.has(tagKey(t)));
      transcript.add(`Discarded ${card.name}: its tag ${repeated.join(', ')} repeats a drawn card's tag`);
      discarded.push({ card: publicCard(card), reason: 'repeated-tag' });
    } else if (scenarioRejects(card, rule, judged)) {
      transcript.add(`Discarded ${card.name} by the Scenario's Step 3: "${'quote' in rule ? rule.quote : ''}"`);
      discarded.push({ card: publicCard(card), reason: 'scenario-rule' });
    } else {
      accept(card);
    }
  }
  return { cards: kept.map(publicCard), discarded };
}
