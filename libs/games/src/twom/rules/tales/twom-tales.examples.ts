import { EXAMPLE_CHARACTER_DECK, EXAMPLE_EVENTS } from '../core/twom.examples';

/**
 * One worked input per procedure, keyed by procedure id. Emira's figures are
 * seed 000's; the other Characters and their figures are the made-up ones of
 * the core examples (`TWOM_MADE_UP_NAMES`), which docs/rules/twom-tales.md names as made up.
 */

const CHARACTERS = [
  { name: 'Emira', empathy: 5, misery: 1 },
  { name: 'Anton', empathy: 3, misery: 2 },
  { name: 'Katia', empathy: 7, misery: 0 },
];

export const twomTalesExamples = {
  'twom-tales.incident-setup': {
    scenario: 'epidemic',
    characterDeck: EXAMPLE_CHARACTER_DECK,
    events: EXAMPLE_EVENTS,
    endingEvents: ['CEASEFIRE', 'Ending Event B', 'Ending Event C'],
  },
  'twom-tales.cat': { rawFood: 1 },
  'twom-tales.wait-a-minute': { characters: CHARACTERS, chosen: 'Anton' },
  'twom-tales.stuff-of-nightmares': { characters: CHARACTERS },
  'twom-tales.jokes-and-hopes': { characters: CHARACTERS },
  'twom-tales.through-the-window': {},
  'twom-tales.luka-dawn': { condition: 'Heavily Wounded', bandaged: false },
  'twom-tales.refugees-dawn': { cover: 4, condition: 3, coldTokens: 3, boardUps: 1 },
  'twom-tales.refugees-cover-roll': { card: 'we-know-they-are-here-night-raids', cover: 6 },
  'twom-tales.side-by-side-dawn': {
    neighbours: [
      { name: 'Andrei', needs: 1 },
      { name: 'Kovačević', needs: 2 },
    ],
    vladimirRedSide: true,
  },
  'twom-tales.emira-spirit': { hunger: 2, misery: 2, storage: { moonshine: 0, alcohol: 1 }, habit: 'alcohol' },
  'twom-tales.sewers-exit': { locationCards: 14 },
  'twom-tales.sewers-thugs-enter': {},
  'twom-tales.sewers-thugs-forfeit': { threat: 2 },
  'twom-tales.desperate-people': { characters: CHARACTERS, chosen: 'Katia' },
  'twom-tales.market-visit': {
    findingsPile: ['Wood', 'Components', 'Herbs'],
    discard: 'Herbs',
    waresDeck: [
      { name: 'Wares 1', farmer: true, thug: true },
      { name: 'Reality Impact', farmer: false, thug: false },
    ],
    tolerance: 3,
    option: 'steal',
    steal: { thief: 'Katia', greyDieFaces: [0, 0, 1, 1, 2, 2] },
  },
  'twom-tales.lets-avoid-the-infected': { choice: 'talk' },
  'twom-tales.do-not-leave-me-to-die': { characters: CHARACTERS },
  'twom-tales.kill-the-goat': { characters: CHARACTERS, rawFood: 1 },
} as const;
