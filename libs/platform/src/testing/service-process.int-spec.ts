import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess } from './service-process';

/** How a test's service process starts when the machine is shared with files running beside it. */
describe('startServiceProcess', () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-process-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails with what the child printed when it exits as it starts', async () => {
    await expect(startServiceProcess('libs/platform/src/testing/fixtures/exits-at-start.js', {})).rejects.toThrow(
      /exits-at-start\.js exited with 1; it printed, last:\n.*DATABASE_URL is not a URL/,
    );
  });

  it('starts again on new ports when the port it was offered was taken before it listened', async () => {
    const marker = join(dir, 'first-port');
    const service = await startServiceProcess('libs/platform/src/testing/fixtures/port-taken-once.js', { PORT_TAKEN_ONCE_MARKER: marker });
    try {
      expect(existsSync(marker)).toBe(true);
      expect(service.url).not.toBe(`http://127.0.0.1:${readFileSync(marker, 'utf8')}`);
      expect((await fetch(`${service.url}/health/live`)).ok).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
