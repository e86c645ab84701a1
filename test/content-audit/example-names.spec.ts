import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOPE_MADE_UP_NAMES, hopeInhumanityExamples } from '@scriptbook/games/hope-inhumanity/rules/hope-inhumanity.examples';
import { TWOM_MADE_UP_NAMES, twomExamples } from '@scriptbook/games/twom/rules/core/twom.examples';
import { twomTacticsExamples } from '@scriptbook/games/twom/rules/tactics/twom-tactics.examples';
import { twomTalesExamples } from '@scriptbook/games/twom/rules/tales/twom-tales.examples';
import { loadSeeds, normaliseTypography } from './seed-text';

/** Keys whose strings name a Character, a player or a card in the examples. */
const NAME_KEYS = new Set(['name', 'players', 'characters', 'chosen', 'shooter', 'fleeing', 'group', 'guards', 'scavengers', 'scenes', 'scene']);
/** Numbered placeholders ("Location 1", "Red Night Raid 2") say what they stand for. */
const PLACEHOLDER = /\d+$|^[A-Z]?[a-z]*$/;

function namesIn(value: unknown, underName = false): string[] {
  if (typeof value === 'string') return underName ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => namesIn(v, underName));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => namesIn(v, NAME_KEYS.has(key)));
  return [];
}

const seeds = loadSeeds();
/** A name the seeds print as a word (any case: the Incident setups print names in capitals). */
const printedName = (name: string) => {
  const pattern = new RegExp(`(^|[^\\p{L}])${normaliseTypography(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'iu');
  return seeds.some((seed) => pattern.test(seed.text));
};
const page = (file: string) => readFileSync(join(__dirname, '..', '..', 'docs', 'rules', file), 'utf8');
const madeUpLine = (text: string) => text.split('\n').find((line) => line.includes('**Made-up names.**')) ?? '';

describe('the names of the rules docs examples', () => {
  const games = [
    { examples: twomExamples, madeUp: TWOM_MADE_UP_NAMES, page: 'twom.md' },
    { examples: twomTalesExamples, madeUp: TWOM_MADE_UP_NAMES, page: 'twom-tales.md' },
    { examples: twomTacticsExamples, madeUp: TWOM_MADE_UP_NAMES, page: 'twom-tactics.md' },
    { examples: hopeInhumanityExamples, madeUp: HOPE_MADE_UP_NAMES, page: 'hope-inhumanity.md' },
  ];

  it.each(games)('are printed by a rulebook or listed as made up, and $page says which are made up', ({ examples, madeUp, page: file }) => {
    const names = [...new Set(namesIn(examples))].filter((name) => !PLACEHOLDER.test(name) || /^[A-Z][a-z]+$/.test(name));
    const unlisted = names.filter((name) => !printedName(name) && !madeUp.includes(name) && !/\d+$/.test(name));
    expect(unlisted).toEqual([]);
    const used = madeUp.filter((name) => names.includes(name));
    expect(used.length).toBeGreaterThan(0);
    const line = madeUpLine(page(file));
    expect(used.filter((name) => !line.includes(name) && !line.includes('twom.md'))).toEqual([]);
    // No name listed as made up is one a rulebook prints.
    expect(madeUp.filter(printedName)).toEqual([]);
  });
});
