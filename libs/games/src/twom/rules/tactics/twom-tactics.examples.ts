/**
 * One worked input per procedure, keyed by procedure id. The Characters and
 * their Prowess are the made-up ones of the core examples (`TWOM_MADE_UP_NAMES`),
 * which docs/rules/twom-tactics.md names as made up.
 */

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
