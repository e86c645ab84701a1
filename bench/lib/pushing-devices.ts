/**
 * What the push benchmarks share: a GraphQL call that throws on errors, and
 * devices that each push single actions to a campaign of their own under
 * their own client id, as a table's device does.
 */

/** POSTs one operation with a bearer token; the answer's `data`, or an error naming the query. */
export async function call(url: string, query: string, variables: Record<string, unknown>, bearer: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;

export interface PushingDevice {
  readonly campaignId: string;
  readonly clientId: string;
  /** The seq of its last push; the campaign's version once every push applied. */
  seq: number;
}

/** `count` This War of Mine campaigns, named `<name> <n>`, with a device for each. */
export async function createPushingDevices(url: string, bearer: string, count: number, name: string): Promise<PushingDevice[]> {
  const devices: PushingDevice[] = [];
  for (let d = 0; d < count; d++) {
    const { createCampaign } = await call(url, `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`, { input: { gameId: 'twom', name: `${name} ${d}` } }, bearer);
    devices.push({ campaignId: createCampaign.id, clientId: `bench-device-${d}`, seq: 0 });
  }
  return devices;
}

/** The body of the device's next push: one action, at the next seq. */
export function singleActionPush(device: PushingDevice): string {
  device.seq += 1;
  const actions = [{ seq: device.seq, name: 'add-resource', args: { resource: 'Wood', amount: 1 } }];
  return JSON.stringify({ query: PUSH, variables: { input: { campaignId: device.campaignId, clientId: device.clientId, actions } } });
}

/** Fails unless every device's campaign is at the version its pushes lead to: no push lost or applied twice. */
export async function expectEveryPushApplied(url: string, bearer: string, devices: readonly PushingDevice[]): Promise<void> {
  for (const device of devices) {
    const { campaign } = await call(url, `query($id: ID!) { campaign(id: $id) { version } }`, { id: device.campaignId }, bearer);
    if (campaign.version !== device.seq) throw new Error(`campaign ${device.campaignId} is at ${campaign.version}, its device pushed ${device.seq}`);
  }
}
