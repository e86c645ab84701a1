import { ContentValidationError, loadContentLibrary } from '@scriptbook/content';

/** Validates every pack and prints what each holds: counts by kind and gaps. */
function main(): void {
  try {
    const library = loadContentLibrary();
    for (const pack of library.packs) {
      const byKind = new Map<string, number>();
      let gaps = 0;
      for (const id of pack.itemIds) {
        const item = library.get(id)!;
        byKind.set(item.kind, (byKind.get(item.kind) ?? 0) + 1);
        gaps += item.gaps.length;
      }
      const kinds = [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, n]) => `${kind} ${n}`);
      process.stdout.write(
        `${pack.manifest.id} ${pack.manifest.version} (seed ${pack.manifest.seed}): ${pack.itemIds.length} items, ${gaps} gaps\n  ${kinds.join(', ')}\n`,
      );
    }
    process.stdout.write(`content hash ${library.hash}: ${library.size} items valid, every link resolves\n`);
  } catch (error) {
    if (error instanceof ContentValidationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

main();
