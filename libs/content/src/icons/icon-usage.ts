import { bracketedSpans, stringsWithPaths } from './bracketed-spans';
import { IconCatalogue } from './icon-catalogue';

/** A die face named by id (`faceId`, `faceIds.2`) sits beside its printed spelling (`face`, `faces.2`). */
function printedFacePath(path: string): string | undefined {
  const single = /(^|\.)faceId$/.exec(path);
  if (single) return `${path.slice(0, single.index)}${single[1]}face`;
  const listed = /(^|\.)faceIds\.(\d+)$/.exec(path);
  if (listed) return `${path.slice(0, listed.index)}${listed[1]}faces.${listed[2]}`;
  return undefined;
}

/**
 * Checks how one item uses icons. Every bracketed spelling in its texts must
 * name an icon of the game's catalogue (or be listed there as no icon): an
 * unmapped spelling is a pictogram frontends could not draw and rules could
 * not match. A face named by id must be the icon its printed spelling maps to.
 */
export function iconUsageProblems(item: unknown, catalogue: IconCatalogue, label: string, catalogueFile: string): string[] {
  const problems: string[] = [];
  const strings = stringsWithPaths(item);
  const textAt = new Map(strings.map(({ path, text }) => [path, text]));
  for (const { path, text } of strings) {
    const printedPath = printedFacePath(path);
    if (printedPath !== undefined) {
      const printed = textAt.get(printedPath);
      const expected = printed === undefined ? undefined : catalogue.canonicalId(printed);
      if (!catalogue.icon(text)) problems.push(`${label} at ${path}: ${text} is not an icon of the ${catalogue.gameId} icon catalogue`);
      else if (expected !== text) problems.push(`${label} at ${path}: ${text} is not the icon of ${printed ?? '(no printed face)'} (${expected ?? 'none'})`);
      continue;
    }
    for (const span of bracketedSpans(text)) {
      if (catalogue.canonicalId(span.text) || catalogue.isNotAnIcon(span.text)) continue;
      problems.push(
        `${label} at ${path}: ${span.text} is not in the ${catalogue.gameId} icon catalogue; ` +
          `map it in ${catalogueFile} (spellings) or list it under notIcons`,
      );
    }
  }
  return problems;
}
