import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, OperationDefinitionNode, printSchema } from 'graphql';
import { CLIENT_SCHEMA_FILE, CLIENTS_DIR, generateOperations, OPERATION_SETS, validateOperations } from '../../clients/codegen';

/** What a companion app does, each with the operation clients/ shows it with. */
const CAPABILITIES: Record<string, string[]> = {
  'content browsing': ['Games', 'GameContents', 'Cards', 'SearchContent'],
  'a Zone Survival setup in one round trip': ['ZoneSurvivalSetupScreen'],
  'script navigation': ['ScriptWithLinks'],
  'sign-in on a device, and refresh': ['SignInWithDevice', 'RefreshSession'],
  'group invitation and joining': ['CreateGroup', 'InviteToGroup', 'JoinGroup'],
  'campaign sync': ['CreateCampaign', 'CampaignState', 'PushCampaignActions', 'CampaignChanges', 'CampaignChanged'],
  'recording a scenario outcome': ['RecordScenarioOutcome', 'FollowJob', 'GroupEnvelopes'],
  'submitting a result': ['SubmitZoneSurvivalResult'],
  boards: ['Leaderboard', 'LeaderboardAroundMe', 'DailyChallenge'],
  "a campaign's life: rename, archive, delete and restore, transfer": [
    'RenameCampaign',
    'ArchiveCampaign',
    'UnarchiveCampaign',
    'DeleteCampaign',
    'RestoreCampaign',
    'TransferCampaign',
    'DeletedGroupCampaigns',
  ],
  'time travel and revert': ['CampaignAt', 'RevertCampaignTo'],
  'campaign files: export consent and import with its dry run': ['SetCampaignExportConsent', 'ImportCampaign'],
  'read-only share links': ['CreateCampaignShareLink', 'CampaignShareLinks', 'RevokeCampaignShareLink'],
};

/** Where the committed output and a fresh one part, said so that the fix is obvious; undefined when they agree. */
function firstDifference(output: string, committed: string, fresh: string): string | undefined {
  if (committed === fresh) return undefined;
  const [old, now] = [committed.split('\n'), fresh.split('\n')];
  const line = old.findIndex((text, i) => text !== now[i]);
  const at = line === -1 ? old.length : line;
  return `clients/${output} is stale: run \`npm run clients:generate\` and commit it. Line ${at + 1}:\n- ${old[at] ?? '(end)'}\n+ ${now[at] ?? '(end)'}`;
}

function operationNames(): string[] {
  return OPERATION_SETS.flatMap((set) =>
    set.files.flatMap((file) =>
      parse(readFileSync(file, 'utf8'))
        .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
        .map((operation) => operation.name?.value ?? '(anonymous)'),
    ),
  );
}

/**
 * The example operations are the contract a typed client compiles against:
 * a change to the graph that breaks one fails here (validation), and a
 * change that alters their types fails until `npm run clients:generate` is
 * run and the new types are committed (drift). `npm run typecheck` then
 * compiles clients/ against those types.
 */
describe('typed client operations', () => {
  it.each(OPERATION_SETS.map((set) => [set.name, set]))('%s are valid against their schema', (_name, set) => {
    expect(set.files.length).toBeGreaterThan(0);
    expect(validateOperations(set)).toEqual([]);
  });

  it.each(OPERATION_SETS.map((set) => [set.name, set]))('%s are typed from graphql/schema.graphql alone, as an app types them', (_name, set) => {
    const published = buildSchema(readFileSync(CLIENT_SCHEMA_FILE, 'utf8'));
    expect(published.getSubscriptionType()?.getFields().campaignChanged).toBeDefined();
    expect(printSchema(set.schema())).toBe(printSchema(published));
  });

  it.each(OPERATION_SETS.map((set) => [set.output, set]))('clients/%s is what codegen makes of the current schema', async (output, set) => {
    const committed = readFileSync(join(CLIENTS_DIR, set.output), 'utf8');
    expect(firstDifference(output, committed, await generateOperations(set))).toBeUndefined();
  });

  it('names every operation once', () => {
    const names = operationNames();
    expect(names).not.toContain('(anonymous)');
    expect(names.length).toBe(new Set(names).size);
  });

  it.each(Object.entries(CAPABILITIES))('shows %s', (_capability, operations) => {
    expect(operationNames()).toEqual(expect.arrayContaining(operations));
  });
});
