import { preset } from '@graphql-codegen/client-preset';
import { codegen } from '@graphql-codegen/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildSchema, GraphQLSchema, parse, printSchema } from 'graphql';
import * as ts from 'typescript';
import { CLIENT_SCHEMA_FILE, readCheckedIn } from '../../scripts/schema/subgraph-schemas';

const ROOT = join(__dirname, '..', '..');

// The document an app writes, exactly as it passes it to the generated `graphql()` function.
const FOLLOW = `subscription FollowCampaign($campaignId: ID!) { campaignChanged(campaignId: $campaignId) { campaignId fromVersion version } }`;

// An app on the generated module: the result and variables are typed, and a wrong use does not compile.
const APP = `import type { ResultOf, VariablesOf } from '@graphql-typed-document-node/core';
import { graphql } from './gql';

export const follow = graphql(\`${FOLLOW}\`);
export const variables: VariablesOf<typeof follow> = { campaignId: 'c1' };

export function versionOf(event: ResultOf<typeof follow>): number {
  const { campaignId, fromVersion, version } = event.campaignChanged;
  const id: string | number = campaignId;
  void id;
  return version - fromVersion;
}

// @ts-expect-error version is a number, not a string
export const wrong: string = ({} as ResultOf<typeof follow>).campaignChanged.version;
// @ts-expect-error campaignId is required
export const missing: VariablesOf<typeof follow> = {};
`;

/** GraphQL Code Generator's client preset, run as its CLI runs it: the preset plans the files, @graphql-codegen/core writes each. */
async function generateClient(schemaSdl: string, outDir: string): Promise<void> {
  const sections = await preset.buildGeneratesSection({
    baseOutputDir: `${outDir}/`,
    schema: parse(schemaSdl),
    schemaAst: buildSchema(schemaSdl),
    documents: [{ location: join(outDir, '..', 'app.ts'), document: parse(FOLLOW), rawSDL: FOLLOW }],
    config: { scalars: { DateTime: 'string', JSON: 'unknown' } },
    presetConfig: { fragmentMasking: false },
    plugins: [],
    pluginMap: {},
  });
  for (const section of sections) {
    mkdirSync(dirname(section.filename), { recursive: true });
    writeFileSync(section.filename, await codegen(section));
  }
}

/**
 * An app types `campaignChanged` from graphql/schema.graphql alone: before the file carried the Subscription root, the
 * client preset stopped with "Unable to find root schema type for operation type subscription".
 */
describe('codegen of a subscription from graphql/schema.graphql', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'subscription-codegen-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Generates the client for `schemaSdl` into a folder of its own, with the app beside it, and type-checks the app: the problems tsc finds, and the generated types. */
  async function typeCheckAppOn(schemaSdl: string, name: string): Promise<{ problems: string[]; generated: string }> {
    const app = join(dir, name);
    await generateClient(schemaSdl, join(app, 'gql'));
    writeFileSync(join(app, 'app.ts'), APP);
    const program = ts.createProgram([join(app, 'app.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      skipLibCheck: true,
      types: [],
      // The app's own node_modules would hold these; here they resolve to this repository's.
      baseUrl: app,
      paths: { '*': [join(ROOT, 'node_modules', '*')] },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? d.file.fileName.slice(app.length) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    return { problems, generated: program.getSourceFile(join(app, 'gql', 'graphql.ts'))!.getFullText() };
  }

  it('types campaignChanged with the client preset, and the app built on it type-checks with tsc', async () => {
    const { problems, generated } = await typeCheckAppOn(readCheckedIn(CLIENT_SCHEMA_FILE), 'app');
    expect(problems).toEqual([]);
    expect(generated).toContain('export type FollowCampaignSubscription = { campaignChanged: { campaignId: string, fromVersion: number, version: number } };');
  }, 60_000);

  it('stops, as it did for app authors, on the same file without its Subscription root', async () => {
    const config = buildSchema(readCheckedIn(CLIENT_SCHEMA_FILE)).toConfig();
    // A type named Subscription would be taken as the root again; the file as it was had neither it nor its event.
    const withoutLive = new GraphQLSchema({ ...config, subscription: undefined, types: config.types.filter((type) => !['Subscription', 'CampaignChangedEvent'].includes(type.name)) });
    await expect(typeCheckAppOn(printSchema(withoutLive), 'app-without-live')).rejects.toThrow('Unable to find root schema type for operation type "subscription"');
  }, 60_000);
});
