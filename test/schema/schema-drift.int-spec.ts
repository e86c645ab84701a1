import { SUBGRAPHS } from '@scriptbook/platform';
import { printClientSchema } from '../../scripts/schema/live-api';
import {
  CLIENT_SCHEMA_FILE,
  composeSupergraph,
  readCheckedIn,
  servedSubgraphSdls,
  subgraphFile,
  SUPERGRAPH_FILE,
} from '../../scripts/schema/subgraph-schemas';

/**
 * The checked-in SDL is the contract frontends and the gateway rely on. If a
 * resolver changes the schema without `npm run schema:generate`, this fails.
 */
describe('checked-in GraphQL schemas', () => {
  let served: Awaited<ReturnType<typeof servedSubgraphSdls>>;

  beforeAll(async () => {
    served = await servedSubgraphSdls();
  }, 120_000);

  it.each(SUBGRAPHS)('graphql/%s.graphql is what the subgraph serves', (name) => {
    expect(served[name]).toBe(readCheckedIn(subgraphFile(name)));
  });

  it('graphql/supergraph.graphql is the composition of the checked-in subgraphs', () => {
    const checkedIn = Object.fromEntries(SUBGRAPHS.map((name) => [name, readCheckedIn(subgraphFile(name))]));
    expect(composeSupergraph(checkedIn as typeof served)).toBe(readCheckedIn(SUPERGRAPH_FILE));
  });

  it('graphql/schema.graphql is the public API of the checked-in supergraph with the live Subscription root', () => {
    expect(printClientSchema(readCheckedIn(SUPERGRAPH_FILE))).toBe(readCheckedIn(CLIENT_SCHEMA_FILE));
  });
});
