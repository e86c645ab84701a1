import { request } from 'node:http';
import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService } from '@scriptbook/platform';
import { TEST_GATEWAY_SIGNING_SECRET, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { LIVE_PATH } from './live-updates.server';

interface UpgradeAnswer {
  readonly status: number;
  readonly retryAfter?: string;
}

/** One WebSocket upgrade as the gateway forwards it for `address`; the socket is closed as soon as it is answered. */
function upgrade(baseUrl: string, address: string): Promise<UpgradeAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${LIVE_PATH}`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('scriptbook-test!').toString('base64'),
        'Sec-WebSocket-Protocol': 'graphql-transport-ws',
        [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, '', address),
        [GATEWAY_CLIENT_ADDRESS_HEADER]: address,
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('WebSocket upgrades to /graphql/ws, limited per client address', () => {
  const isolation = new TestIsolation();
  let service: RunningService;

  beforeAll(async () => {
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns', { LIVE_UPGRADES_PER_MINUTE: '3' }));
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('refuses an address over the limit with 429 and Retry-After, and leaves other addresses alone', async () => {
    const busy = '203.0.113.7';
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await upgrade(service.url, busy));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([101, 101, 101]);
    expect(answers[3].status).toBe(429);
    const retryAfter = Number(answers[3].retryAfter);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);

    expect((await upgrade(service.url, '198.51.100.4')).status).toBe(101);
    expect((await upgrade(service.url, busy)).status).toBe(429);
  });
});
