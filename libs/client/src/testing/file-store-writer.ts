import { fileStore } from '../store/file-store';

/**
 * Run as its own process by the file store's crash test: writes ever new
 * values to the store at argv[2] and prints each committed counter, until
 * it is killed.
 */
async function main(): Promise<void> {
  const store = await fileStore(process.argv[2]);
  for (let n = 1; ; n += 1) {
    // Large enough that a kill lands mid-write now and then; both ends carry n, so a torn value shows.
    const payload = `${n}:${'x'.repeat(400_000)}:${n}`;
    await store.update({ keys: ['counter'] }, () => ({ put: new Map([['counter', { n, payload }]]), result: undefined }));
    process.stdout.write(`${n}\n`);
  }
}

void main();
