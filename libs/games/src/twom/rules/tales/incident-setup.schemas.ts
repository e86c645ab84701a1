import { z } from 'zod';
import { plain } from '@scriptbook/rules-engine';
import { contentRef } from '@scriptbook/rules-engine';
import { describedEnum } from '@scriptbook/rules-engine';
import { EventCardKind } from '../core/event-deck';
import { borderSchema, characterCardSchema, characterDeckSchema } from '../core/twom.schemas';
import { IncidentId } from './incidents.rules-data';

/** What an Incident Setup takes and gives, as the rules subgraph serves it. */

export const incidentInput = z
  .object({
    scenario: describedEnum('TalesIncident', {
      'blood-in-the-snow': 'Blood in the Snow: care for Wounded Luka and find who attacked him.',
      refugees: 'Refugees: keep the family in the cellar hidden; Cover and Condition tracks.',
      epidemic: 'Epidemic: disease ravages the city; the Epidemic deck and Vaccine tokens.',
      'side-by-side': "Side By Side: the Neighbors' Needs and Vladimir.",
      'you-and-me': 'You and Me: Dina and Zoran, and the Aid Zone.',
    } satisfies Record<IncidentId, string>).describe('The Incident Scenario to set up.'),
    characterDeck: characterDeckSchema
      .optional()
      .describe('Every Character card, to shuffle and draw from by border colour. Required except for You and Me, whose Characters are fixed.'),
    events: z.array(plain(z.string().min(1))).describe('The Event cards to draw the random ones from, by name (Blood in the Snow also needs HARSH WINTER among them).'),
    endingEvents: z.array(plain(z.string().min(1))).describe('The 3 Ending Event cards, CEASEFIRE among them.'),
  })
  .describe('The Incident Scenario and the decks its Setup draws from.');

const eventDeckCard = z
  .object({
    name: z.string().describe('The card\'s name, or the token\'s.'),
    kind: describedEnum('TalesEventDeckCardKind', {
      event: 'An Event card drawn at random.',
      'final-event': 'An Ending Event card.',
      chapter: 'A Chapter card.',
      token: 'A token slid into the deck (the EPIDEMIC token).',
    } satisfies Record<EventCardKind, string>).describe('What lies at this place in the Events deck.'),
  })
  .describe('One card or token of the Events deck.');

export const incidentResult = z
  .object({
    scenarioId: contentRef('Scenario', 'The Scenario set up, as its content id.'),
    eventDeck: z.array(eventDeckCard).describe('The Events deck, top card first.'),
    setAside: z.array(z.string()).describe('Cards set aside before building the Events deck (HARSH WINTER in Blood in the Snow).'),
    removedFromGame: z.array(z.string()).describe('Ending Event cards removed from the game.'),
    unusedEvents: z.array(z.string()).describe('Event cards the Setup did not draw.'),
    characters: z
      .array(
        z
          .object({
            name: z.string().describe("The Character's name."),
            border: borderSchema.optional(),
            states: z
              .array(
                z
                  .object({
                    state: z.string().describe('The State: Misery, Hunger or Illness.'),
                    level: z.number().int().min(1).describe('The level of the State token placed.'),
                  })
                  .describe('A State token placed next to this Character.'),
              )
              .describe('State tokens the Setup places next to this Character.'),
          })
          .describe('A starting Character.'),
      )
      .describe('The starting Characters, in draw order.'),
    unusedCharacters: z.array(characterCardSchema).describe('The rest of the Characters deck, top first.'),
    chosenStateTokens: z
      .array(
        z
          .object({
            state: z.string().describe('The State: Misery, Hunger or Illness.'),
            level: z.number().int().min(1).describe('The level of the token.'),
            count: z.number().int().min(1).describe('How many such tokens.'),
            rule: z.string().describe('Where they go, as printed ("next to 1 chosen Character").'),
          })
          .describe('State tokens the players place by choice.'),
      )
      .describe('State tokens the players place by choice, as the Setup prints.'),
    cold: z
      .object({
        tokens: z.number().int().min(0).describe('COLD tokens on the Cold space.'),
        card: z.string().optional().describe('A card placed on the Cold space too (HARSH WINTER); null when none.'),
      })
      .describe('The Starting Cold: COLD tokens and any card on the Cold space.')
      .optional()
      .describe('The Starting Cold; null when the Scenario prints none.'),
    storage: z
      .array(
        z
          .object({ name: z.string().describe('The token.'), count: z.number().int().min(1).describe('How many.') })
          .describe('Tokens of one kind placed in the Storage.'),
      )
      .describe('The Starting stuff, as printed.'),
    freeTokens: z
      .object({
        worth: z.number().int().describe('The most the other tokens may be worth together ("any other TOKENS WORTH 20 or less").'),
        except: z.array(z.string()).describe('Tokens that may not be chosen (VACCINE in Epidemic).'),
      })
      .describe('The other tokens the players choose for the Storage.'),
    tracks: z
      .array(
        z
          .object({
            name: z.string().describe('The track or token, as the Setup names it.'),
            start: z.string().describe('Where the Setup places it: a space ("4"), a level ("Heavily Wounded") or a count of tokens.'),
          })
          .describe('A Scenario track or token the Setup places.'),
      )
      .describe("The Scenario tracks and tokens the Setup places. The tracks' spaces are on the Scenario sheet, which rulebook 000 does not reproduce."),
    scenarioDeck: z
      .object({
        name: z.string().describe('The deck (Epidemic deck).'),
        cards: z.array(z.string()).describe('Its cards, shuffled, top first.'),
      })
      .describe('A Scenario deck, shuffled.')
      .optional()
      .describe('A Scenario deck the rulebook lists card by card, shuffled at Setup; null when there is none.'),
    notes: z.array(z.string()).describe('The other Setup changes, as printed, for the players to carry out.'),
  })
  .describe('An Incident Scenario set up.');

export type IncidentSetupInput = z.output<typeof incidentInput>;
