import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery } from 'graphql';
import { startService } from '@scriptbook/platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { contentApp } from '../content.app';
import { everyFieldSelections } from './every-field-selection';
import { asker, ServedContent, servedContent } from './served-content';

export const SERVED_CONTENT_FIXTURE = join(__dirname, '..', 'served-content', 'served-content.fixture.json');

/** A selection of every field asks for more than any client would; the subgraph's limits are lifted for it alone. */
export const UNLIMITED_QUERIES = { MAX_DEPTH: '50', MAX_COST: '10000000', MAX_ALIASES: '1000' };

/** One line per selection and per item, so a change to one item reads as a change to one line. */
function fixtureText(served: ServedContent): string {
  const lines = (record: Readonly<Record<string, unknown>>) =>
    Object.entries(record).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n');
  return `{\n "contentHash": ${JSON.stringify(served.contentHash)},\n "selections": {\n${lines(served.selections)}\n },\n "answers": {\n${lines(served.answers)}\n }\n}\n`;
}

/**
 * The selections to ask with: the fixture's own, so a pack edit shows in its
 * diff as that edit and nothing else; a selection of every field of the
 * schema served now when there is no fixture or `--every-field` is given.
 */
async function selectionsFor(url: string, everyField: boolean): Promise<ServedContent['selections']> {
  if (!everyField && existsSync(SERVED_CONTENT_FIXTURE)) return (JSON.parse(readFileSync(SERVED_CONTENT_FIXTURE, 'utf8')) as ServedContent).selections;
  return everyFieldSelections(buildClientSchema((await asker(url)(getIntrospectionQuery())) as never));
}

/**
 * Writes the fixture `served-content.int-spec.ts` compares against: what
 * the current code serves for every item, with the fixture's selections
 * (or, with `--every-field`, a selection of every field of the schema it
 * serves now). Run it only when the packs change, on the code of the
 * release the answers are to be kept from
 * (`npx ts-node -r tsconfig-paths/register --transpile-only services/content/src/testing/capture-served-content.ts`).
 */
async function capture(): Promise<void> {
  const isolation = new TestIsolation();
  const service = await startService(contentApp, isolation.postgresEnv('content', UNLIMITED_QUERIES));
  try {
    const served = await servedContent(service.url, await selectionsFor(service.url, process.argv.includes('--every-field')));
    writeFileSync(SERVED_CONTENT_FIXTURE, fixtureText(served));
    process.stdout.write(`${Object.keys(served.answers).length} items of ${Object.keys(served.selections).length} types written to ${SERVED_CONTENT_FIXTURE}\n`);
  } finally {
    await service.stop();
    await isolation.cleanUp();
  }
}

if (require.main === module) {
  capture().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
