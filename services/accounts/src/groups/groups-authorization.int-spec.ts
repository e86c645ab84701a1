import { DataSource } from 'typeorm';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { GroupInvitationsService } from './group-invitations.service';
import { GroupMembershipService } from './group-membership.service';
import { GroupsService } from './groups.service';
import { groupTables, refusal, registerPlayer, SignedInPlayer } from './group-test-kit';

type Actor = 'owner' | 'member' | 'former' | 'stranger' | 'anonymous';
const ACTORS: Actor[] = ['owner', 'member', 'former', 'stranger', 'anonymous'];

/** A fresh group per case: owner, a member, a former member, a second member to act on, an open invitation. */
interface Scene {
  readonly groupId: string;
  readonly invitationId: string;
  readonly code: string;
  readonly target: SignedInPlayer;
}

interface Operation {
  readonly name: string;
  readonly query: string;
  readonly variables: (scene: Scene) => Record<string, unknown>;
  /** What the answer holds when the actor is allowed. */
  readonly allowed: (response: GraphQLResponse<Record<string, any>>, scene: Scene) => void;
}

const UNAUTHENTICATED = { code: 'UNAUTHENTICATED' };
const HIDDEN = { code: 'NOT_FOUND', field: 'groupId', rule: 'exists' };
const NOT_OWNER = { code: 'FORBIDDEN', field: 'groupId', rule: 'owner' };

type Outcome = 'allowed' | 'null' | Record<string, unknown>;

const ANYONE_SIGNED_IN: Record<Actor, Outcome> = { owner: 'allowed', member: 'allowed', former: 'allowed', stranger: 'allowed', anonymous: UNAUTHENTICATED };

const operations: [Operation, Record<Actor, Outcome>][] = [
  [
    {
      name: 'createGroup',
      query: `mutation { createGroup(input: { name: "Another box" }) { name myRole } }`,
      variables: () => ({}),
      allowed: (response) => expect(response.data!.createGroup).toEqual({ name: 'Another box', myRole: 'OWNER' }),
    },
    ANYONE_SIGNED_IN,
  ],
  [
    {
      name: 'personalGroup',
      query: `{ personalGroup { kind myRole } }`,
      variables: () => ({}),
      allowed: (response) => expect(response.data!.personalGroup).toEqual({ kind: 'PERSONAL', myRole: 'OWNER' }),
    },
    ANYONE_SIGNED_IN,
  ],
  [
    {
      name: 'group(id)',
      query: `query($id: ID!) { group(id: $id) { id members { edges { node { player { id } } } } } }`,
      variables: (scene) => ({ id: scene.groupId }),
      allowed: (response, scene) => expect(response.data!.group.id).toBe(scene.groupId),
    },
    { owner: 'allowed', member: 'allowed', former: 'null', stranger: 'null', anonymous: UNAUTHENTICATED },
  ],
  [
    {
      name: 'Group entity reference',
      query: `query($r: [_Any!]!) { _entities(representations: $r) { ... on Group { id } } }`,
      variables: (scene) => ({ r: [{ __typename: 'Group', id: scene.groupId }] }),
      allowed: (response, scene) => expect(response.data!._entities).toEqual([{ id: scene.groupId }]),
    },
    { owner: 'allowed', member: 'allowed', former: 'null', stranger: 'null', anonymous: 'null' },
  ],
  [
    {
      name: 'myGroups',
      query: `{ myGroups { edges { node { id } } } }`,
      variables: () => ({}),
      allowed: (response, scene) => expect(response.data!.myGroups.edges.map((edge: any) => edge.node.id)).toContain(scene.groupId),
    },
    // For the others the group is simply absent from their list.
    { owner: 'allowed', member: 'allowed', former: 'null', stranger: 'null', anonymous: UNAUTHENTICATED },
  ],
  [
    {
      name: 'groupInvite',
      query: `mutation($g: ID!) { groupInvite(groupId: $g) { groupId code } }`,
      variables: (scene) => ({ g: scene.groupId }),
      allowed: (response, scene) => expect(response.data!.groupInvite.groupId).toBe(scene.groupId),
    },
    { owner: 'allowed', member: 'allowed', former: HIDDEN, stranger: HIDDEN, anonymous: UNAUTHENTICATED },
  ],
  [
    {
      name: 'revokeGroupInvitation (made by the owner)',
      query: `mutation($id: ID!) { revokeGroupInvitation(invitationId: $id) }`,
      variables: (scene) => ({ id: scene.invitationId }),
      allowed: (response) => expect(response.data).toEqual({ revokeGroupInvitation: true }),
    },
    {
      owner: 'allowed',
      member: { code: 'FORBIDDEN', field: 'invitationId', rule: 'owner-or-creator' },
      former: { code: 'NOT_FOUND', field: 'invitationId', rule: 'exists' },
      stranger: { code: 'NOT_FOUND', field: 'invitationId', rule: 'exists' },
      anonymous: UNAUTHENTICATED,
    },
  ],
  [
    {
      name: 'joinGroup',
      query: `mutation($code: String!) { joinGroup(code: $code) { id myRole } }`,
      variables: (scene) => ({ code: scene.code }),
      allowed: (response, scene) => expect(response.data!.joinGroup).toEqual({ id: scene.groupId, myRole: 'MEMBER' }),
    },
    {
      owner: { code: 'CONFLICT', field: 'code', rule: 'already-member' },
      member: { code: 'CONFLICT', field: 'code', rule: 'already-member' },
      former: 'allowed',
      stranger: 'allowed',
      anonymous: UNAUTHENTICATED,
    },
  ],
  [
    {
      name: 'leaveGroup',
      query: `mutation($g: ID!) { leaveGroup(groupId: $g) }`,
      variables: (scene) => ({ g: scene.groupId }),
      allowed: (response) => expect(response.data).toEqual({ leaveGroup: true }),
    },
    {
      owner: { code: 'CONFLICT', field: 'newOwnerId', rule: 'last-owner' },
      member: 'allowed',
      former: HIDDEN,
      stranger: HIDDEN,
      anonymous: UNAUTHENTICATED,
    },
  ],
  [
    {
      name: 'removeMember (another member)',
      query: `mutation($g: ID!, $p: ID!) { removeMember(groupId: $g, playerId: $p) { id } }`,
      variables: (scene) => ({ g: scene.groupId, p: scene.target.id }),
      allowed: (response, scene) => expect(response.data!.removeMember.id).toBe(scene.groupId),
    },
    { owner: 'allowed', member: NOT_OWNER, former: HIDDEN, stranger: HIDDEN, anonymous: UNAUTHENTICATED },
  ],
];

const cases = operations.flatMap(([operation, outcomes]) => ACTORS.map((actor) => [operation.name, actor, operation, outcomes[actor]] as const));

describe('who may do what to a group', () => {
  const isolation = new TestIsolation();
  let service: RunningService;
  let dataSource: DataSource;
  let groups: GroupsService;
  let membership: GroupMembershipService;
  let invitations: GroupInvitationsService;
  const players = {} as Record<Exclude<Actor, 'anonymous'> | 'target', SignedInPlayer>;

  /** Built through the service, not the API, so the join throttle only counts the joins under test. */
  const newScene = async (): Promise<Scene> => {
    const group = await groups.create(players.owner.id, { name: 'Matrix' });
    const { code } = await invitations.invite(group.id, players.owner.id);
    for (const player of [players.member, players.former, players.target]) await membership.join(code, player.id);
    await membership.leave(group.id, players.former.id);
    const invitation = await invitations.invite(group.id, players.owner.id);
    return { groupId: group.id, invitationId: invitation.id, code, target: players.target };
  };

  beforeAll(async () => {
    service = await startService(accountsApp, isolation.postgresEnv('accounts'));
    dataSource = service.app.get(DataSource);
    groups = service.app.get(GroupsService);
    membership = service.app.get(GroupMembershipService);
    invitations = service.app.get(GroupInvitationsService);
    for (const role of ['owner', 'member', 'former', 'stranger', 'target'] as const) {
      players[role] = await registerPlayer(service.url, role, isolation.id);
    }
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
  });

  it.each(cases)('%s as %s', async (_name, actor, operation, outcome) => {
    const scene = await newScene();
    const token = actor === 'anonymous' ? undefined : players[actor].token;
    const before = await groupTables(dataSource);
    const response = await graphql(service.url, operation.query, operation.variables(scene), token);
    if (outcome === 'allowed') {
      expect(response.errors).toBeUndefined();
      operation.allowed(response, scene);
    } else if (outcome === 'null') {
      expect(response.errors).toBeUndefined();
      const value = Object.values(response.data ?? {})[0];
      if (Array.isArray(value)) expect(value).toEqual([null]);
      else if (value && typeof value === 'object' && 'edges' in value) {
        expect((value as { edges: { node: { id: string } }[] }).edges.map((edge) => edge.node.id)).not.toContain(scene.groupId);
      } else expect(value).toBeNull();
    } else {
      expect(refusal(response)).toEqual(outcome);
      expect(await groupTables(dataSource)).toEqual(before);
    }
  });
});
