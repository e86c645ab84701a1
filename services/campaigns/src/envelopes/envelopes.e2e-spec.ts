import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { platformPortOffset, RunningPlatform, startPlatform } from '@scriptbook/platform/testing/running-platform';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { composeSupergraph, servedSubgraphSdls } from '../../../../scripts/schema/subgraph-schemas';
import { followCampaign } from '../testing/live-follower';

/**
 * Done-when of the legacy envelopes, through the gateway with the whole
 * platform running from the build (SQLite, as `npm start` runs it): a member
 * records a won Incident scenario, follows the unlock job with `job(id)`, and
 * every campaign of the group then holds the envelope exactly once.
 */
const PORT_OFFSET = platformPortOffset(23_000);

const RECORD = `mutation($input: RecordScenarioOutcomeInput!) {
  recordScenarioOutcome(input: $input) { version envelopeNamedBy opensEnvelope envelopeNote unlockJob { id state progress } groupEnvelope { state } }
}`;
const JOB = `query($id: ID!) { job(id: $id) { id kind state progress } }`;
const ENVELOPES = `query($g: ID!) { groupEnvelopes(groupId: $g) { envelopeId state openedByScenarioId openedBy { id } progress { campaignsDone campaignsTotal percent } contentGaps { field } } }`;
const READ = `query($id: ID!) { campaign(id: $id) { version twomState { envelopesOpened { envelopeId byScenarioId } } } }`;
const CHANGES = `query($id: ID!) { campaignChanges(campaignId: $id, sinceVersion: 0) { changes { name playerId } } }`;

describe('a won Incident opens its envelope for every campaign of the group, through the gateway', () => {
  const isolation = new TestIsolation();
  let platform: RunningPlatform;
  let GATEWAY: string;
  const token: Record<string, string> = {};
  const player: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startPlatform({ isolation, portOffset: PORT_OFFSET, supergraph: composeSupergraph(await servedSubgraphSdls()) });
    GATEWAY = platform.gatewayUrl;
    for (const who of ['ana', 'ben', 'cleo']) {
      const registered = await platform.registerPlayer(who);
      token[who] = registered.accessToken;
      player[who] = registered.playerId;
    }
  }, 150_000);

  afterAll(async () => {
    await platform?.stop();
    await isolation.cleanUp();
  });

  it('a member records the win, follows the job, and every campaign holds the envelope once', async () => {
    const group = (await graphql(GATEWAY, `mutation { createGroup(input: { name: "Thursday box" }) { id } }`, {}, token.ana)).data!.createGroup.id;
    const code = (await graphql(GATEWAY, `mutation($g: ID!) { groupInvite(groupId: $g) { code } }`, { g: group }, token.ana)).data!.groupInvite.code;
    expect((await graphql(GATEWAY, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: code }, token.ben)).errors).toBeUndefined();
    const campaigns: string[] = [];
    for (const name of ['Winter', 'Spring', 'Summer', 'Autumn']) {
      const created = await graphql(GATEWAY, `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`, { input: { gameId: 'twom', name, groupId: group } }, token.ana);
      expect(created.errors).toBeUndefined();
      campaigns.push(created.data!.createCampaign.id);
    }
    // Ana's tablet shows the Autumn campaign and hears of the opening live.
    const follower = followCampaign(GATEWAY, campaigns[3], { token: token.ana, signWith: false });
    await follower.reach(0);

    // Ben's group won Blood in the Snow, an Incident; their sheet names Envelope B.
    const win = await graphql(
      GATEWAY,
      RECORD,
      { input: { campaignId: campaigns[1], scenarioId: 'twom:scenario:blood-in-the-snow', won: true, envelope: 'twom:envelope:b' } },
      token.ben,
    );
    expect(win.errors).toBeUndefined();
    const outcome = win.data!.recordScenarioOutcome;
    expect(outcome).toMatchObject({ version: 1, envelopeNamedBy: 'SCENARIO_SHEET', opensEnvelope: true, unlockJob: { id: expect.any(String), state: expect.any(String) } });

    // Follow the job as an app would, until it is done.
    const seen: { state: string; progress: number }[] = [];
    for (let i = 0; i < 300; i++) {
      const job = await graphql(GATEWAY, JOB, { id: outcome.unlockJob.id }, token.ana);
      expect(job.errors).toBeUndefined();
      seen.push(job.data!.job);
      if (job.data!.job.state === 'COMPLETED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.at(-1)).toMatchObject({ id: outcome.unlockJob.id, kind: 'open-envelope', state: 'COMPLETED', progress: 100 });

    for (const id of campaigns) {
      const campaign = (await graphql(GATEWAY, READ, { id }, token.ana)).data!.campaign;
      expect(campaign.twomState.envelopesOpened).toEqual([{ envelopeId: 'twom:envelope:b', byScenarioId: 'twom:scenario:blood-in-the-snow' }]);
      const changes = (await graphql(GATEWAY, CHANGES, { id }, token.ana)).data!.campaignChanges.changes;
      expect(changes.filter((c: { name: string }) => c.name === 'open-envelope')).toEqual([{ name: 'open-envelope', playerId: player.ben }]);
    }
    await follower.reach(1);
    await follower.stop();

    const envelopes = (await graphql(GATEWAY, ENVELOPES, { g: group }, token.ana)).data!.groupEnvelopes;
    expect(envelopes.find((e: { envelopeId: string }) => e.envelopeId === 'twom:envelope:b')).toMatchObject({
      state: 'OPENED',
      openedByScenarioId: 'twom:scenario:blood-in-the-snow',
      openedBy: { id: player.ben },
      progress: { campaignsDone: 4, campaignsTotal: 4, percent: 100 },
      contentGaps: [{ field: 'contents' }, { field: 'scenarioId' }],
    });
    expect(envelopes.filter((e: { state: string }) => e.state === 'CLOSED')).toHaveLength(4);

    // Cleo is not in the group: no envelopes, no job.
    const hidden = await graphql(GATEWAY, ENVELOPES, { g: group }, token.cleo);
    expect(hidden.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    const job = await graphql(GATEWAY, JOB, { id: outcome.unlockJob.id }, token.cleo);
    expect(job.data?.job ?? null).toBeNull();
    expect(job.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});
