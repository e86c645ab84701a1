import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import ts from 'typescript';
import { launchSystemChromium } from '../../../../test/browser/system-chromium';

/**
 * The browser adapters in a real browser: two tabs of one origin share an
 * IndexedDB store and Web Locks, as two tabs of an app share one outbox.
 * The modules are served as the compiler makes them, from a page origin of
 * the test's own; pages import them through `eval`, since the test's own
 * code is compiled to CommonJS, which has no `import()` a page could run.
 */
// Secure, as Web Locks need: an app served over https (or from localhost).
const ORIGIN = 'https://sdk.test';
const SOURCES = join(__dirname, '..');
const MODULES = ['store/indexeddb-store', 'store/durable-store', 'session/locks'];

/** What the page functions use of the page's globals: the test compiles without the DOM's typings. */
interface PageStore {
  update(query: { keys: string[] }, change: (snapshot: Map<string, { nextSeq: number }>) => { put: Map<string, unknown>; result: number }): Promise<number>;
  read(query: { keys?: string[]; prefixes?: string[] }): Promise<Map<string, unknown>>;
}
interface PageGlobals {
  navigator: { locks: unknown };
  store: PageStore;
  heard: string[];
}

function compiled(module: string): string {
  const source = readFileSync(join(SOURCES, `${module}.ts`), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } });
  return outputText.replace(/from '(\.\.?\/[^']+)'/g, "from '$1.js'");
}

async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  return page;
}

describe('the browser adapters in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchSystemChromium();
    context = await browser.newContext();
    await context.route(`${ORIGIN}/**`, async (route) => {
      const path = new URL(route.request().url()).pathname.replace(/^\//, '').replace(/\.js$/, '');
      if (MODULES.includes(path)) await route.fulfill({ contentType: 'text/javascript', body: compiled(path) });
      else await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>sdk</title>' });
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('hands out every seq once across two tabs writing at the same time, and tells each tab of the other’s writes', async () => {
    const tabs = [await openTab(context), await openTab(context)];
    // Both tabs listen before either writes.
    await Promise.all(
      tabs.map((page) =>
        page.evaluate(async () => {
          const { indexedDbStore } = await (0, eval)("import('/store/indexeddb-store.js')");
          const store = await indexedDbStore({ name: 'outbox-test' });
          const heard: string[] = [];
          store.watch((keys: string[]) => heard.push(...keys));
          Object.assign(globalThis, { store, heard });
        }),
      ),
    );
    const results = await Promise.all(
      tabs.map((page, tab) =>
        page.evaluate(async (tab) => {
          const { store, heard } = globalThis as unknown as PageGlobals;
          const seqs = await Promise.all(
            Array.from({ length: 40 }, () =>
              store.update({ keys: ['device'] }, (snapshot: Map<string, { nextSeq: number }>) => {
                const seq = snapshot.get('device')?.nextSeq ?? 1;
                return { put: new Map<string, unknown>([['device', { nextSeq: seq + 1 }], [`action/${String(seq).padStart(4, '0')}`, { seq, tab }]]), result: seq };
              }),
            ),
          );
          await new Promise((resolve) => setTimeout(resolve, 300));
          const everything = await store.read({ prefixes: ['action/'] });
          return { seqs: seqs as number[], heard: heard.length, actions: [...everything.values()].length, device: (await store.read({ keys: ['device'] })).get('device') };
        }, tab),
      ),
    );
    const all = results.flatMap((result) => result.seqs).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(results.map((result) => result.actions)).toEqual([80, 80]);
    expect(results[1].device).toEqual({ nextSeq: 81 });
    expect(results.every((result) => result.heard > 0)).toBe(true);
  }, 60_000);

  it('writes nothing of a transaction whose change throws', async () => {
    const page = await openTab(context);
    const outcome = await page.evaluate(async () => {
      const { indexedDbStore } = await (0, eval)("import('/store/indexeddb-store.js')");
      const store = await indexedDbStore({ name: 'abort-test' });
      await store.update({}, () => ({ put: new Map([['kept', 1]]), result: undefined }));
      const refused = await store
        .update({ keys: ['kept'] }, () => {
          throw new Error('refused');
        })
        .then(() => 'written', (error: Error) => error.message);
      return { refused, kept: (await store.read({ keys: ['kept'] })).get('kept') };
    });
    expect(outcome).toEqual({ refused: 'refused', kept: 1 });
  }, 60_000);

  it('runs one holder of a Web Lock at a time across tabs', async () => {
    const tabs = [await openTab(context), await openTab(context)];
    // Each holder notes when it held the lock, on the clock both tabs share; localStorage would not do as a
    // shared counter, since Chromium hands one tab's writes to another asynchronously.
    const held = await Promise.all(
      tabs.map((page) =>
        page.evaluate(async () => {
          const { webLocks } = await (0, eval)("import('/session/locks.js')");
          const { navigator } = globalThis as unknown as PageGlobals;
          const locks = webLocks(navigator.locks);
          const now = () => performance.timeOrigin + performance.now();
          const spans: [number, number][] = [];
          await Promise.all(
            Array.from({ length: 10 }, () =>
              locks.exclusive('scriptbook:test', async () => {
                const start = now();
                await new Promise((resolve) => setTimeout(resolve, 5));
                spans.push([start, now()]);
              }),
            ),
          );
          return spans;
        }),
      ),
    );
    const spans = held.flat().sort((a, b) => a[0] - b[0]);
    expect(spans).toHaveLength(20);
    // Two holders at once would overlap by most of the 5 ms hold; the browser's clocks are coarsened to a fraction of a millisecond.
    const overlaps = spans.slice(1).filter(([start], i) => start < spans[i][1] - 0.5);
    expect(overlaps).toEqual([]);
  }, 60_000);
});
