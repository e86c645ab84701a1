import { open } from 'node:fs/promises';
import type { CampaignExport } from '../transport/export-download';

/**
 * Writes a campaign's export as it downloads, to a file (a path) or to a
 * `WritableStream` (a Node `Writable` becomes one with `Writable.toWeb`):
 * the file never sits whole in memory. Each piece is written before the
 * next is read, so a slow disk slows the download instead of filling
 * memory. Resolves when the last byte is written and the file closed; a cut
 * download rejects, and the file left behind is incomplete (the import
 * refuses it). Only the file system is used, as for the file store.
 */
export async function saveCampaignExport(download: CampaignExport, to: string | WritableStream<Uint8Array>): Promise<void> {
  if (typeof to !== 'string') return download.stream.pipeTo(to);
  const file = await open(to, 'w');
  try {
    const reader = download.stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await file.write(value);
    }
    await file.sync();
  } finally {
    await file.close();
  }
}
