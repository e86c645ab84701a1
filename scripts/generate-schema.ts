import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { SUBGRAPHS } from '@scriptbook/platform';
import { printClientSchema } from './schema/live-api';
import { CLIENT_SCHEMA_FILE, composeSupergraph, servedSubgraphSdls, subgraphFile, SUPERGRAPH_FILE } from './schema/subgraph-schemas';

/**
 * Writes graphql/<subgraph>.graphql from the running code, composes
 * graphql/supergraph.graphql, and derives graphql/schema.graphql (the client
 * schema): the supergraph's public API with the Subscription root that
 * /graphql/ws serves.
 */
async function main(): Promise<void> {
  const sdls = await servedSubgraphSdls();
  for (const name of SUBGRAPHS) writeFileSync(subgraphFile(name), sdls[name]);
  const supergraph = composeSupergraph(sdls);
  writeFileSync(SUPERGRAPH_FILE, supergraph);
  writeFileSync(CLIENT_SCHEMA_FILE, printClientSchema(supergraph));
  process.stdout.write(`wrote ${SUBGRAPHS.length} subgraph schemas, the supergraph and the client schema\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
