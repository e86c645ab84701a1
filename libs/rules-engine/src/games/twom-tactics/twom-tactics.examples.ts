/** One worked input per procedure, keyed by procedure id; names are placeholders. */

const GROUP = [
  { name: 'Roman', prowess: 3 },
  { name: 'Katia', prowess: 1 },
];

export const twomTacticsExamples = {
  'twom-tactics.map-setup': { locationSize: 'medium', singleIconSpaces: 3, doubleIconSpaces: 2 },
  'twom-tactics.starting-spaces': { characters: ['Roman', 'Katia', 'Bruno'] },
  'twom-tactics.hide-test': { group: GROUP, actionModifier: 1, spaceValue: 3, useProwess: true },
  'twom-tactics.noise-test': { group: GROUP, actionModifier: 0, spaceValue: 4, useProwess: true },
  'twom-tactics.unmark-enemies': { marked: ['space 7', 'space 12'] },
  'twom-tactics.alarm-roll': { shooter: 'Roman' },
  'twom-tactics.flee': { fleeing: ['Katia'] },
} as const;
