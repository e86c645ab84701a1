import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { GroupInvitationsService } from './group-invitations.service';
import { GroupsService } from './groups.service';
import { groupTables, refusal, registerPlayer, SignedInPlayer } from './group-test-kit';
import { accountsConfigSchema, AccountsConfig } from '../accounts.config';
import { joinRules } from './join-throttle';

const { perAccount: JOIN_PER_ACCOUNT, perAddress: JOIN_PER_ADDRESS } = joinRules(accountsConfigSchema.parse({}) as AccountsConfig);

const JOIN = `mutation($code: String!) { joinGroup(code: $code) { id } }`;

describe('joinGroup rate limits on Redis', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  let code: string;
  let guessers: SignedInPlayer[];

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    dataSource = service.app.get(DataSource);
    const owner = await registerPlayer(service.url, 'owner', isolation.id);
    guessers = [];
    for (const name of ['g1', 'g2', 'g3', 'g4']) guessers.push(await registerPlayer(service.url, name, isolation.id));
    const group = await service.app.get(GroupsService).create(owner.id, { name: 'Guarded' });
    code = (await service.app.get(GroupInvitationsService).invite(group.id, owner.id)).code;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it('counts wrong codes against the account, then refuses even the right one with retryAfter, joining nothing', async () => {
    const [guesser] = guessers;
    for (let attempt = 1; attempt <= JOIN_PER_ACCOUNT.limit; attempt += 1) {
      expect(refusal(await graphql(service.url, JOIN, { code: 'ZZZZZ-ZZZZZ' }, guesser.token))).toMatchObject({ code: 'NOT_FOUND' });
    }
    const before = await groupTables(dataSource);
    const refused = await graphql(service.url, JOIN, { code }, guesser.token);
    expect(refused.data).toBeNull();
    const extensions = refusal(refused)!;
    expect(extensions).toMatchObject({ code: 'RATE_LIMITED', field: 'code', rule: JOIN_PER_ACCOUNT.name });
    expect(extensions.retryAfter).toEqual(expect.any(Number));
    expect(extensions.retryAfter as number).toBeGreaterThan(0);
    expect(extensions.retryAfter as number).toBeLessThanOrEqual(JOIN_PER_ACCOUNT.windowSeconds);
    expect(await groupTables(dataSource)).toEqual(before);
  });

  it('limits one address across accounts', async () => {
    // The first guesser has used up its share of the address's attempts too.
    let used = JOIN_PER_ACCOUNT.limit + 1;
    for (const guesser of guessers.slice(1)) {
      for (let attempt = 0; attempt < JOIN_PER_ACCOUNT.limit && used < JOIN_PER_ADDRESS.limit; attempt += 1, used += 1) {
        expect(refusal(await graphql(service.url, JOIN, { code: 'ZZZZZ-ZZZZZ' }, guesser.token))).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    expect(used).toBe(JOIN_PER_ADDRESS.limit);
    const fresh = guessers[guessers.length - 1];
    expect(refusal(await graphql(service.url, JOIN, { code }, fresh.token))).toMatchObject({
      code: 'RATE_LIMITED',
      field: 'code',
      rule: JOIN_PER_ADDRESS.name,
    });
  });
});
