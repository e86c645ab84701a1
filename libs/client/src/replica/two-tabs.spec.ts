import { twomGame } from '@scriptbook/games';
import type { FetchLike } from '../transport/http';
import { FakeNetwork } from '../testing/fake-network';
import { InProcessServer } from '../testing/in-process-server';
import { TabLocks } from '../testing/tab-locks';
import { newDevice, openTab, seededRandom } from '../testing/test-device';
import { VirtualClock } from '../testing/virtual-clock';

const games = [twomGame];

/** Two tabs of one browser: one outbox, one client id, one push in flight at a time. */
describe('two tabs sharing one outbox', () => {
  it('hand out seqs once, see each other’s actions, and never have two pushes of the campaign in flight', async () => {
    const clock = new VirtualClock();
    const random = seededRandom(11);
    const server = new InProcessServer({ games, clock });
    const network = new FakeNetwork(server, clock, random, { lost: 0, answerLost: 0, duplicated: 0, maxDelayMs: 200 });
    const campaign = server.createCampaign('twom');
    const device = newDevice();
    const locks = new TabLocks();
    let pushesInFlight = 0;
    let mostInFlight = 0;
    const pushes: number[][] = [];
    const watch = (fetch: FetchLike): FetchLike => async (url, init) => {
      const body = JSON.parse(init.body ?? '{}') as { operationName: string; variables: { input?: { actions: { seq: number }[] } } };
      if (body.operationName !== 'SdkPushCampaignActions') return fetch(url, init);
      pushes.push(body.variables.input!.actions.map((action) => action.seq));
      pushesInFlight += 1;
      mostInFlight = Math.max(mostInFlight, pushesInFlight);
      try {
        return await fetch(url, init);
      } finally {
        pushesInFlight -= 1;
      }
    };
    const open = (name: string) => openTab({ games, clock, network, random, ...device, locks: locks.forTab(name), wrapFetch: watch });
    const first = await clock.drive(open('first'));
    await clock.drive(first.client.signInWithDevice());
    const second = await clock.drive(open('second'));
    expect(second.client.session?.accessToken).toBe(first.client.session?.accessToken);
    const [a, b] = await clock.drive(Promise.all([first.client.campaign(campaign.id), second.client.campaign(campaign.id)]));

    const saved = await clock.drive(
      Promise.all([
        a.act('add-resource', { resource: 'Water', amount: 1 }),
        b.act('add-resource', { resource: 'Wood', amount: 2 }),
        a.act('add-note', { text: 'from the first tab' }),
        b.act('add-note', { text: 'from the second tab' }),
      ]),
    );
    expect(saved.map((action) => action.seq).sort()).toEqual([1, 2, 3, 4]);
    // Each tab shows the other's action as soon as it is in the shared outbox.
    await clock.advance(1);
    expect(a.getSnapshot().pending.map((p) => p.id).sort()).toEqual(b.getSnapshot().pending.map((p) => p.id).sort());

    const onServer = server.campaigns.get(campaign.id)!;
    await clock.runUntil(() => [a, b].every((tab) => tab.getSnapshot().pending.length === 0 && tab.getSnapshot().confirmed.version === onServer.version), 120_000, 'both tabs in sync');
    expect(onServer.version).toBe(4);
    expect(mostInFlight).toBe(1);
    // Every seq went out once: no tab sent what the other had sent.
    expect(pushes.flat().sort()).toEqual([1, 2, 3, 4]);
    expect(a.getSnapshot().confirmed.state).toEqual(onServer.state);
    expect(b.getSnapshot().optimistic).toEqual(onServer.state);
    await expect(Promise.all(saved.map((action) => action.verdict))).resolves.toEqual(saved.map(() => expect.objectContaining({ outcome: 'applied' })));
  });
});
