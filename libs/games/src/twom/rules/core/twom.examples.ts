import { CharacterCard } from './setup';

/**
 * One worked input per procedure, keyed by procedure id; golden tests and the
 * docs use them. The rulebooks print no Character deck, so the Characters,
 * their borders and figures are made up (Zlata and Marko are names seed 000
 * prints; their borders here are made up too), as are the players' names;
 * numbered names ("Location 1") are placeholders.
 */

/** The names of the examples no rulebook prints; docs/rules/twom.md says they are made up. */
export const TWOM_MADE_UP_NAMES: readonly string[] = [
  ...['Anton', 'Arica', 'Bruno', 'Cveta', 'Katia', 'Marin', 'Pavle', 'Roman', 'Ana', 'Ben', 'Cleo'],
  // Seed 001 says only "Roll a Combat Die (corresponding to the weapon used)": these dice and their faces are made up.
  ...['Knife Combat die', 'unarmed Combat die'],
];

export const EXAMPLE_CHARACTER_DECK: readonly CharacterCard[] = [
  { name: 'Anton', border: 'red' },
  { name: 'Arica', border: 'black' },
  { name: 'Bruno', border: 'black' },
  { name: 'Cveta', border: 'red' },
  { name: 'Katia', border: 'black' },
  { name: 'Marin', border: 'red' },
  { name: 'Marko', border: 'black' },
  { name: 'Pavle', border: 'red' },
  { name: 'Roman', border: 'black' },
  { name: 'Zlata', border: 'red' },
];

export const EXAMPLE_EVENTS: readonly string[] = Array.from({ length: 12 }, (_, i) => `Event ${i + 1}`);

export const twomExamples = {
  'twom.setup': {
    players: ['Ana', 'Ben', 'Cleo'],
    characterDeck: EXAMPLE_CHARACTER_DECK,
    locationsDeck: ['Location 1', 'Location 2', 'Location 3', 'Location 4', 'Location 5', 'Location 6'],
  },
  'twom.event-deck': {
    events: EXAMPLE_EVENTS,
    finalEvents: ['Final Event A', 'Final Event B', 'Final Event C'],
  },
  'twom.pick-lock': { lockpicks: 1 },
  'twom.dusk': {
    stockpile: { water: 2, cannedFood: 0, rawFood: 2, vegetable: 1 },
    characters: [
      { name: 'Anton', hunger: 2, sadness: 0, drinksWater: true, eats: ['rawFood', 'rawFood'] },
      { name: 'Arica', hunger: 2, sadness: 1, drinksWater: true, eats: ['vegetable'] },
      { name: 'Bruno', hunger: 2, sadness: 0, drinksWater: false, eats: [] },
    ],
  },
  'twom.night-assignment': {
    beds: ['Bed 1'],
    characters: [
      { name: 'Anton', tiredness: 2, task: 'bed', bed: 'Bed 1' },
      { name: 'Arica', tiredness: 1, task: 'guard' },
      { name: 'Bruno', tiredness: 0, task: 'scavenge' },
    ],
  },
  'twom.scavenge-unknown-deck': {
    locationCards: 10,
    scavengers: 1,
    explorationDeck: Array.from({ length: 16 }, (_, i) => `Exploration ${i + 1}`),
  },
  'twom.noise-roll': { noise: 4, residentsDeck: ['Resident 1', 'Resident 2', 'Resident 3'] },
  'twom.carrying-capacity': {
    scavengers: [
      { name: 'Bruno', inventory: 5 },
      { name: 'Katia', inventory: 3 },
    ],
    loot: [
      { name: 'Wood', count: 4 },
      { name: 'Canned Food', count: 1, weight: 2 },
      { name: 'Components', count: 3 },
    ],
  },
  'twom.night-raid': {
    loss: 3,
    wounds: 2,
    barricades: 1,
    reduceFirst: 'wounds',
    guards: [
      { name: 'Arica', combatDie: { name: 'Knife Combat die', faces: [0, 0, 1, 1, 1, 2] } },
      { name: 'Anton', combatDie: { name: 'unarmed Combat die', faces: [0, 0, 0, 1, 1, 1] } },
    ],
  },
  'twom.crime-wave': {
    separatedNightRaids: ['Red Night Raid 1', 'Red Night Raid 2'],
    separatedResidents: ['Red Resident 1'],
    chosen: ['Red Night Raid 2', 'Red Resident 1'],
    nightRaidsDeck: ['Night Raid 1', 'Night Raid 2', 'Night Raid 3'],
    residentsDeck: ['Resident 1', 'Resident 2'],
  },
  'twom.dawn-draws': {
    fateDeck: ['Fate 1', 'Fate 2', 'Fate 3', 'Fate 4'],
    narrativeActionDeck: ['Narrative Action 1', 'Narrative Action 2', 'Narrative Action 3', 'Narrative Action 4'],
  },
  'twom.narrative-action-choice': {
    options: ['Narrative Action 2', 'Narrative Action 4'],
    chosen: 'Narrative Action 4',
    narrativeActionDeck: ['Narrative Action 1', 'Narrative Action 3'],
  },
} as const;
