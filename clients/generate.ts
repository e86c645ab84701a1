import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENTS_DIR, generateOperations, OPERATION_SETS, validateOperations } from './codegen';

/** `npm run clients:generate`: refuses operations the schema does not accept, then writes clients/generated/. */
async function main(): Promise<void> {
  for (const set of OPERATION_SETS) {
    const problems = validateOperations(set);
    if (problems.length > 0) throw new Error(`${set.name} do not fit the schema:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    writeFileSync(join(CLIENTS_DIR, set.output), await generateOperations(set));
    process.stdout.write(`wrote clients/${set.output} (${set.files.length} operation files)\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
