import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, printSchema } from 'graphql';
import { generateSdkOperations, PUBLISHED_SCHEMA_FILE, REGENERATE_COMMAND, SDK_DIR, SDK_OPERATION_SETS, validateSdkOperations } from './sdk-codegen';

/** Where the committed module and a fresh one part, said so that the fix is obvious; undefined when they agree. */
function firstDifference(output: string, committed: string, fresh: string): string | undefined {
  if (committed === fresh) return undefined;
  const [old, now] = [committed.split('\n'), fresh.split('\n')];
  const line = old.findIndex((text, i) => text !== now[i]);
  const at = line === -1 ? old.length : line;
  return `libs/client/${output} is stale: run \`${REGENERATE_COMMAND}\` and commit it. Line ${at + 1}:\n- ${old[at] ?? '(end)'}\n+ ${now[at] ?? '(end)'}`;
}

/**
 * The SDK's operations are its contract with the graph: a change to the
 * schema that breaks one fails validation here, and one that changes their
 * types fails until the generated module is made again and committed.
 */
describe('the SDK’s typed operations', () => {
  it.each(SDK_OPERATION_SETS.map((set) => [set.name, set] as const))('%s are valid against their schema', (_name, set) => {
    expect(set.files.length).toBeGreaterThan(0);
    expect(validateSdkOperations(set)).toEqual([]);
  });

  it.each(SDK_OPERATION_SETS.map((set) => [set.name, set] as const))('%s are typed from graphql/schema.graphql alone, its Subscription root included', (_name, set) => {
    const published = buildSchema(readFileSync(PUBLISHED_SCHEMA_FILE, 'utf8'));
    expect(published.getSubscriptionType()?.getFields().campaignChanged).toBeDefined();
    expect(printSchema(set.schema())).toBe(printSchema(published));
  });

  it.each(SDK_OPERATION_SETS.map((set) => [set.output, set] as const))('libs/client/%s is what codegen makes of the current schema', async (output, set) => {
    const committed = readFileSync(join(SDK_DIR, set.output), 'utf8');
    expect(firstDifference(output, committed, await generateSdkOperations(set))).toBeUndefined();
  });
});
