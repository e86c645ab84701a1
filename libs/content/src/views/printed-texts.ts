import { stringsWithPaths } from '../icons/bracketed-spans';

/** Keys whose strings are ids, enum values or metadata: nothing printed a reader sees. */
const NOT_PRINTED = new Set([
  'id',
  'kind',
  'gameId',
  'provenance',
  'gaps',
  'type',
  'action',
  'border',
  'category',
  'placement',
  'when',
  'successCheck',
  'playOrder',
  'facesSource',
  'moduleType',
  'componentType',
  'group',
  'scenarioType',
  'faction',
  'locationSizes',
  'countedCardTypes',
  'basis',
]);
const isIdKey = (key: string) => key.endsWith('Id') || key.endsWith('Ids');
/** A link's `target` is an id; a test's `target` is printed text. */
const isLinkTarget = (keys: string[]) => keys[keys.length - 1] === 'target' && (keys.includes('links') || keys.includes('layout'));

/** Every printed string of an item with its dotted path (`rules.0`), leaving out ids, enums and provenance. */
export function printedTexts(item: object): { field: string; text: string }[] {
  return stringsWithPaths(item)
    .filter(({ path }) => {
      const keys = path.split('.');
      return !isLinkTarget(keys) && !keys.some((key) => NOT_PRINTED.has(key) || isIdKey(key));
    })
    .map(({ path, text }) => ({ field: path, text }));
}
