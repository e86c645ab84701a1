import { BaseConfig, TokenService } from '@scriptbook/platform';
import { graphql, GraphQLResponse } from '@scriptbook/platform/testing/graphql-client';
import { RunningPlatform } from '@scriptbook/platform/testing/running-platform';
import { TEST_JWT_SECRET } from '@scriptbook/platform/testing/test-environment';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { FuzzRandom } from './fuzz-random';

/** Who sends a request: nobody, or a signed-in player. */
export interface Actor {
  readonly name: string;
  readonly token?: string;
  readonly playerId?: string;
  readonly refreshToken?: string;
}

export const ANONYMOUS: Actor = { name: 'anonymous' };

/** Board jobs are started by the deployment's scoring administrators: the fuzz run's platform lists this player as one. */
export const FUZZ_SCORING_ADMIN = 'fuzz-scoring-admin';

/** Kinds of real values the platform holds, which a generated request can name. */
export type PoolName =
  | 'campaign'
  | 'group'
  | 'player'
  | 'invitation'
  | 'invitationCode'
  | 'game'
  | 'campaignGame'
  | 'scenario'
  | 'card'
  | 'contentItem'
  | 'procedure'
  | 'device'
  | 'result'
  | 'job'
  | 'refreshToken';

export interface CampaignRef {
  readonly id: string;
  readonly gameId: string;
  /** The actors who can see it (members of its group). */
  readonly visibleTo: readonly string[];
}

export interface ActionExample {
  readonly name: string;
  readonly example: unknown;
  readonly exampleAfter: readonly string[];
}

/** The password every player the fuzzer registers uses; wrong ones are the fuzzer's to send. */
export const PASSWORD = 'a long password';

/**
 * The players and things a fuzz run works with: made through the API
 * before fuzzing starts, so generated requests can name ids that exist,
 * ids that belong to someone else, and ids that were never issued.
 */
export class FuzzWorld {
  readonly actors: Actor[] = [ANONYMOUS];
  readonly campaigns: CampaignRef[] = [];
  readonly actionExamples = new Map<string, ActionExample[]>();
  readonly credentials: { email: string; password: string }[] = [];
  readonly scenariosOfGame = new Map<string, string[]>();
  /** The rules catalog: the typed query field of each procedure (`twomDusk` → `twom.dusk`). */
  readonly procedureOfField = new Map<string, string>();
  private readonly pools = new Map<PoolName, Set<string>>();
  private readonly groupMembers = new Map<string, string[]>();
  private throwaways = 0;

  private constructor(
    readonly platform: RunningPlatform,
    private readonly random: FuzzRandom,
  ) {}

  /**
   * Three players: ana owns a shared group with a campaign of every game,
   * ben (signed in by device) is a member of it, cleo is a stranger with
   * campaigns of her own. Each campaign has a few applied actions.
   */
  static async build(platform: RunningPlatform, random: FuzzRandom): Promise<FuzzWorld> {
    const world = new FuzzWorld(platform, random);
    const ana = await world.register('fuzz-ana');
    const cleo = await world.register('fuzz-cleo');
    const ben = await world.signInWithDevice('ben');
    world.actors.push(ana, ben, cleo);

    const group = await world.call(ana, `mutation($name: String!) { createGroup(input: { name: $name }) { id } }`, { name: 'Fuzz attic' });
    const groupId = group.createGroup.id as string;
    world.add('group', groupId);
    world.groupMembers.set(groupId, [ana.name, ben.name]);
    for (const player of [ana, ben, cleo]) world.add('group', `personal-${player.playerId}`);
    const invitation = await world.call(ana, `mutation($id: ID!) { groupInvite(groupId: $id) { id code } }`, { id: groupId });
    world.add('invitation', invitation.groupInvite.id);
    world.add('invitationCode', invitation.groupInvite.code);
    await world.call(ben, `mutation($code: String!) { joinGroup(code: $code) { id } }`, { code: invitation.groupInvite.code });
    const spare = await world.call(ana, `mutation($id: ID!) { groupInvite(groupId: $id) { id code } }`, { id: groupId });
    world.add('invitation', spare.groupInvite.id);
    world.add('invitationCode', spare.groupInvite.code);

    await world.readContent(ana);
    for (const gameId of world.values('campaignGame')) {
      const shared = await world.createCampaign(ana, gameId, groupId, [ana.name, ben.name]);
      await world.createCampaign(cleo, gameId, undefined, [cleo.name]);
      await world.pushExamples(ana, shared);
    }

    const admin = { name: FUZZ_SCORING_ADMIN, token: new TokenService({ JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '1h' } as BaseConfig).issue(FUZZ_SCORING_ADMIN).accessToken };
    const job = await world.call(admin, `mutation { requestZoneSurvivalBoardsRebuild { id } }`);
    world.add('job', job.requestZoneSurvivalBoardsRebuild.id);
    const submitted = await world.call(ana, `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id } } }`, {
      input: bossHuntVictory(0, { clientSubmissionId: `fuzz-${random.token(12)}` }),
    });
    world.add('result', submitted.submitZoneSurvivalResult.result.id);
    const devices = await world.call(ben, `{ myDevices(first: 5) { edges { node { id } } } }`);
    for (const edge of devices.myDevices.edges) world.add('device', edge.node.id);
    return world;
  }

  values(pool: PoolName): string[] {
    return [...(this.pools.get(pool) ?? [])];
  }

  add(pool: PoolName, value: string): void {
    if (!this.pools.has(pool)) this.pools.set(pool, new Set());
    this.pools.get(pool)!.add(value);
  }

  campaignsVisibleTo(actor: Actor): CampaignRef[] {
    return this.campaigns.filter((campaign) => campaign.visibleTo.includes(actor.name));
  }

  /** The groups an actor was put in by the setup: its personal group and any shared one. */
  groupsOf(actor: Actor): string[] {
    const shared = [...this.groupMembers].filter(([, members]) => members.includes(actor.name)).map(([id]) => id);
    return actor.playerId ? [`personal-${actor.playerId}`, ...shared] : shared;
  }

  /** A new player signed in by device, for a request that ends its caller's session or account. */
  async throwaway(): Promise<Actor> {
    this.throwaways += 1;
    const actor = await this.signInWithDevice(`throwaway-${this.throwaways}`);
    if (actor.refreshToken) this.add('refreshToken', actor.refreshToken);
    return actor;
  }

  /** Runs a setup request and returns its data; setup must succeed for the fuzz run to mean anything. */
  async call(actor: Actor, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const answer: GraphQLResponse = await graphql(this.platform.gatewayUrl, query, variables, actor.token);
    if (answer.errors || !answer.data) throw new Error(`fuzz setup failed as ${actor.name}: ${query}\n${JSON.stringify(answer.errors ?? answer)}`);
    return answer.data;
  }

  private async register(name: string): Promise<Actor> {
    const email = `${name}-${this.random.token(6).toLowerCase()}@example.org`;
    const data = await this.call(
      ANONYMOUS,
      `mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken refreshToken player { id } } }`,
      { input: { email, password: PASSWORD, displayName: name } },
    );
    this.credentials.push({ email, password: PASSWORD });
    const payload = data.registerPlayer;
    this.add('player', payload.player.id);
    return { name, token: payload.accessToken, playerId: payload.player.id, refreshToken: payload.refreshToken };
  }

  private async signInWithDevice(name: string): Promise<Actor> {
    const data = await this.call(
      ANONYMOUS,
      `mutation($input: SignInWithDeviceInput!) { signInWithDevice(input: $input) { accessToken refreshToken player { id } } }`,
      { input: { deviceId: this.random.token(43), displayName: `fuzz-${name}` } },
    );
    const payload = data.signInWithDevice;
    this.add('player', payload.player.id);
    return { name: `fuzz-${name}`, token: payload.accessToken, playerId: payload.player.id, refreshToken: payload.refreshToken };
  }

  private async readContent(actor: Actor): Promise<void> {
    const games = await this.call(actor, `{ games { id } }`);
    for (const { id } of games.games as { id: string }[]) {
      this.add('game', id);
      const game = await this.call(actor, `query($id: ID!) { game(id: $id) { scenarios { id } } campaignActions(gameId: $id) { name example exampleAfter } }`, { id });
      const scenarios = (game.game?.scenarios ?? []).map((scenario: { id: string }) => scenario.id);
      this.scenariosOfGame.set(id, scenarios);
      for (const scenario of scenarios) this.add('scenario', scenario);
      if (game.campaignActions) {
        this.add('campaignGame', id);
        this.actionExamples.set(id, game.campaignActions);
      }
    }
    const content = await this.call(actor, `{ cards(first: 25) { edges { node { id } } } contentItems(first: 25) { edges { node { id } } } procedures(first: 100) { edges { node { id field } } } }`);
    for (const edge of content.cards.edges) this.add('card', edge.node.id);
    for (const edge of content.contentItems.edges) this.add('contentItem', edge.node.id);
    for (const edge of content.procedures.edges) {
      this.add('procedure', edge.node.id);
      this.procedureOfField.set(edge.node.field, edge.node.id);
    }
  }

  private async createCampaign(actor: Actor, gameId: string, groupId: string | undefined, visibleTo: string[]): Promise<CampaignRef> {
    const data = await this.call(actor, `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`, {
      input: { gameId, name: `Fuzz ${gameId}`, ...(groupId ? { groupId } : {}) },
    });
    const campaign = { id: data.createCampaign.id as string, gameId, visibleTo };
    this.campaigns.push(campaign);
    this.add('campaign', campaign.id);
    return campaign;
  }

  /** Applies the game's example actions that need nothing before them, so the campaign has versions to read, follow and undo. */
  private async pushExamples(actor: Actor, campaign: CampaignRef): Promise<void> {
    const actions = (this.actionExamples.get(campaign.gameId) ?? []).filter((action) => action.exampleAfter.length === 0).slice(0, 3);
    await this.call(actor, `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`, {
      input: { campaignId: campaign.id, clientId: 'fuzz-setup', actions: actions.map((action, i) => ({ seq: i + 1, name: action.name, args: action.example })) },
    });
  }
}
