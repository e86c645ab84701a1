import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ContentLibrary, contentHash, LoadedPack } from './content-library';
import { ContentValidationError } from './content-errors';
import { catalogueProblems, IconCatalogue } from './icons/icon-catalogue';
import { IconCatalogueFile } from './icons/icon-catalogue.schema';
import { iconUsageProblems } from './icons/icon-usage';
import type { ContentKindRegistry } from './kinds/registry';
import { ContentItem, PackDataFile, PackManifest } from './schema';
import { gameIdOf } from './views/lookup';

/** A pack's icon catalogue sits beside its manifest under this name, when the pack prints icons. */
export const ICON_CATALOGUE_FILE = 'icons.json';

/** Packs ship beside the library's code, in source and in the build alike. */
export const DEFAULT_PACKS_DIR = resolve(__dirname, '..', 'packs');

function readJson(path: string, problems: string[]): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${path}: ${(error as Error).message}`);
    return undefined;
  }
}

function formatIssues(where: string, issues: readonly { path: PropertyKey[]; message: string }[]): string[] {
  return issues.map((issue) => `${where} at ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}

/**
 * Reads and validates every pack folder under `packsDir` against the
 * schemas of `kinds`. Collects every problem (schema errors, duplicate ids,
 * dangling links, what a kind's own checks find) before failing, so one run
 * of `content:validate` shows all that needs fixing.
 */
export function loadContentLibrary<Item extends ContentItem = ContentItem>(packsDir: string, kinds: ContentKindRegistry): ContentLibrary<Item> {
  const problems: string[] = [];
  const packs: LoadedPack[] = [];
  const items: ContentItem[] = [];
  const seenIn = new Map<string, string>();
  const hashed: string[] = [];
  const catalogueFiles: { where: string; file: IconCatalogueFile }[] = [];

  const folders = existsSync(packsDir)
    ? readdirSync(packsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  if (folders.length === 0) problems.push(`no content packs found in ${packsDir}`);

  for (const folder of folders) {
    const manifestPath = join(packsDir, folder, 'pack.json');
    const parsedManifest = PackManifest.safeParse(readJson(manifestPath, problems));
    if (!parsedManifest.success) {
      problems.push(...formatIssues(`${folder}/pack.json`, parsedManifest.error.issues));
      continue;
    }
    const manifest = parsedManifest.data;
    if (manifest.id !== folder) problems.push(`${folder}/pack.json: id "${manifest.id}" must match its folder name`);
    const itemIds: string[] = [];
    for (const file of manifest.files) {
      const where = `${folder}/${file}`;
      const raw = readFileSync(join(packsDir, folder, file), 'utf8');
      hashed.push(where, raw);
      const data = PackDataFile.safeParse(readJson(join(packsDir, folder, file), problems));
      if (!data.success) {
        problems.push(...formatIssues(where, data.error.issues));
        continue;
      }
      data.data.items.forEach((rawItem, index) => {
        const parsed = kinds.itemSchema.safeParse(rawItem);
        if (!parsed.success) {
          const label = (rawItem as { id?: unknown })?.id ?? `item ${index}`;
          problems.push(...formatIssues(`${where} ${String(label)}`, parsed.error.issues));
          return;
        }
        const item = parsed.data as ContentItem;
        const previous = seenIn.get(item.id);
        if (previous) {
          problems.push(`duplicate id ${item.id} in ${where} (first in ${previous})`);
          return;
        }
        seenIn.set(item.id, where);
        items.push(item);
        itemIds.push(item.id);
      });
    }
    const iconsPath = join(packsDir, folder, ICON_CATALOGUE_FILE);
    if (existsSync(iconsPath)) {
      const where = `${folder}/${ICON_CATALOGUE_FILE}`;
      hashed.push(where, readFileSync(iconsPath, 'utf8'));
      const parsed = IconCatalogueFile.safeParse(readJson(iconsPath, problems));
      if (parsed.success) {
        problems.push(...catalogueProblems(parsed.data, where));
        catalogueFiles.push({ where, file: parsed.data });
      } else problems.push(...formatIssues(where, parsed.error.issues));
    }
    hashed.push(manifest.id, manifest.version);
    packs.push({ manifest, itemIds });
  }

  const catalogues = iconCataloguesByGame(catalogueFiles, items, problems);
  const library = new ContentLibrary<Item>(packs, items as Item[], contentHash(hashed), kinds, catalogues);
  for (const { from, to } of library.danglingLinks()) problems.push(`${from} links to missing ${to}`);
  problems.push(...unmappedIconProblems(library, items, seenIn));
  problems.push(...kinds.packProblems(items, new Set(seenIn.keys())));
  if (problems.length > 0) throw new ContentValidationError(problems);
  return library;
}

function iconCataloguesByGame(
  files: readonly { where: string; file: IconCatalogueFile }[],
  items: readonly ContentItem[],
  problems: string[],
): Map<string, IconCatalogue> {
  const byGame = new Map<string, IconCatalogueFile[]>();
  const ids = new Map(items.map((item) => [item.id, item.kind]));
  for (const { where, file } of files) {
    if (ids.get(file.gameId) !== 'game') problems.push(`${where}: gameId ${file.gameId} is not a game of the packs`);
    for (const icon of file.icons) {
      if (icon.rolledOn && ids.get(icon.rolledOn.dieId) !== 'die') {
        problems.push(`${where}: icon ${icon.id} is rolled on ${icon.rolledOn.dieId}, which is not a die`);
      }
    }
    byGame.set(file.gameId, [...(byGame.get(file.gameId) ?? []), file]);
  }
  return new Map([...byGame].map(([gameId, gameFiles]) => [gameId, IconCatalogue.merge(gameId, gameFiles)]));
}

function unmappedIconProblems(library: ContentLibrary, items: readonly ContentItem[], whereOf: ReadonlyMap<string, string>): string[] {
  return items.flatMap((item) => {
    return iconUsageProblems(item, library.iconCatalogue(gameIdOf(item)), `${whereOf.get(item.id)} ${item.id}`, ICON_CATALOGUE_FILE);
  });
}
