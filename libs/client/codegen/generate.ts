import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSdkOperations, SDK_DIR, SDK_OPERATION_SETS, validateSdkOperations } from './sdk-codegen';

/** Refuses operations the schema does not accept, then writes libs/client/src/generated/. */
async function main(): Promise<void> {
  for (const set of SDK_OPERATION_SETS) {
    const problems = validateSdkOperations(set);
    if (problems.length > 0) throw new Error(`${set.name} do not fit the schema:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    writeFileSync(join(SDK_DIR, set.output), await generateSdkOperations(set));
    process.stdout.write(`wrote libs/client/${set.output} (${set.files.length} operation files)\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
