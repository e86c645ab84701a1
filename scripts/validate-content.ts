import { ContentValidationError, DEFAULT_PACKS_DIR, loadContentLibrary } from '@scriptbook/content';
import { CONTENT_KINDS } from '@scriptbook/games';

export interface ContentReport {
  readonly valid: boolean;
  readonly text: string;
}

/** Validates every pack under `packsDir` and says what each holds: counts by kind, gaps and icons. */
export function contentReport(packsDir: string = DEFAULT_PACKS_DIR): ContentReport {
  let library;
  try {
    library = loadContentLibrary(packsDir, CONTENT_KINDS);
  } catch (error) {
    if (error instanceof ContentValidationError) return { valid: false, text: `${error.message}\n` };
    throw error;
  }
  const lines: string[] = [];
  for (const pack of library.packs) {
    const byKind = new Map<string, number>();
    let gaps = 0;
    for (const id of pack.itemIds) {
      const item = library.get(id)!;
      byKind.set(item.kind, (byKind.get(item.kind) ?? 0) + 1);
      gaps += item.gaps.length;
    }
    const kinds = [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, n]) => `${kind} ${n}`);
    lines.push(`${pack.manifest.id} ${pack.manifest.version} (seed ${pack.manifest.seed}): ${pack.itemIds.length} items, ${gaps} gaps`);
    lines.push(`  ${kinds.join(', ')}`);
  }
  for (const game of library.games()) {
    const icons = library.iconCatalogue(game.id);
    if (icons.icons.length === 0) continue;
    const unstated = icons.icons.filter((icon) => icon.meaning === null).length;
    lines.push(`${game.id} icons: ${icons.icons.length} icons, ${icons.spellings.length} spellings mapped, ${unstated} with a meaning the seed does not state`);
  }
  lines.push(`content hash ${library.hash}: ${library.size} items valid, every link resolves, every bracketed spelling names an icon`);
  return { valid: true, text: `${lines.join('\n')}\n` };
}

if (require.main === module) {
  const report = contentReport(process.argv[2]);
  (report.valid ? process.stdout : process.stderr).write(report.text);
  if (!report.valid) process.exit(1);
}
