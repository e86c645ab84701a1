import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { SUBGRAPHS } from '@scriptbook/platform';
import { composeSupergraph, servedSubgraphSdls, subgraphFile, SUPERGRAPH_FILE } from './schema/subgraph-schemas';

/** Writes graphql/<subgraph>.graphql from the running code, then composes graphql/supergraph.graphql. */
async function main(): Promise<void> {
  const sdls = await servedSubgraphSdls();
  for (const name of SUBGRAPHS) writeFileSync(subgraphFile(name), sdls[name]);
  writeFileSync(SUPERGRAPH_FILE, composeSupergraph(sdls));
  process.stdout.write(`wrote ${SUBGRAPHS.length} subgraph schemas and the supergraph\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
