import { getNamedType, GraphQLArgument, GraphQLInputType } from 'graphql';
import { campaignModelOf, WORKED_EXAMPLES } from '@scriptbook/games';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { FuzzRandom } from './fuzz-random';
import { Actor, FuzzWorld, PASSWORD, PoolName } from './fuzz-world';
import { Hostile, RESERVED_TEXTS } from './hostile-values';
import { InputSite, ValueHints } from './input-values';
import { typedExample } from './typed-examples';

/*
 * What the schema cannot tell. An `ID` or `String` says nothing about which
 * values exist, so the few names below say which kind of id an argument or
 * input field takes; everything else is derived from the schema's types.
 */

/** Argument and input-field names that take an id (or code) of one kind, wherever they appear. */
const POOL_OF_NAME: Readonly<Record<string, PoolName>> = {
  campaignId: 'campaign',
  groupId: 'group',
  playerId: 'player',
  newOwnerId: 'player',
  invitationId: 'invitation',
  code: 'invitationCode',
  gameId: 'game',
  scenarioId: 'scenario',
  cardIds: 'card',
  cardId: 'card',
  procedureId: 'procedure',
  refreshToken: 'refreshToken',
};

/** `id` arguments, which name a different kind on each field. */
const POOL_OF_COORDINATE: Readonly<Record<string, PoolName>> = {
  'Query.campaign(id:)': 'campaign',
  'Query.card(id:)': 'card',
  'Query.contentItem(id:)': 'contentItem',
  'Query.game(id:)': 'game',
  'Query.group(id:)': 'group',
  'Query.job(id:)': 'job',
  'Query.scenario(id:)': 'scenario',
  'Mutation.unlinkDevice(id:)': 'device',
  'Mutation.setZoneSurvivalResultHidden(id:)': 'result',
};

/**
 * Text the server uses as a key or a name to look something up (a catalog
 * entry, a setup, a client's counter, a tag), where a reserved key such as
 * `__proto__` could find the prototype instead of nothing.
 */
const KEY_NAMES = new Set(['name', 'kinds', 'tag', 'deck', 'setupProcedure', 'clientId', 'clientSubmissionId', 'moduleId', 'mapId', 'envelope', 'challengeId', 'date', 'stalkers', 'deviceId', 'seed', 'die']);

/** Mutations that end the caller's session or account: only throwaway players send them, so the fuzzer's players stay signed in. */
export const CALLER_ENDING_MUTATIONS: ReadonlySet<string> = new Set(['signOut', 'signOutEverywhere', 'deleteMyAccount']);

/**
 * Refusals the design lets store something, each with the one change it may
 * make: a refresh token presented a second time ends its session, and the
 * ending commits before the error is sent (docs/architecture.md, Sessions
 * and refresh tokens).
 */
export const REFUSALS_THAT_STORE: readonly { readonly field: string; readonly rule: string; readonly change: RegExp }[] = [
  { field: 'refreshToken', rule: 'reused', change: /:auth:revoked-session:/ },
];

function poolOf(site: InputSite): PoolName | undefined {
  return POOL_OF_COORDINATE[site.coordinate] ?? POOL_OF_NAME[site.name];
}

/** Ids in the platform's own formats that were never issued. */
const NEVER_ISSUED: readonly Hostile[] = [
  { label: 'uuid never issued', value: '01900000-0000-7000-8000-000000000000' },
  { label: 'personal group of no one', value: 'personal-01900000-0000-7000-8000-000000000000' },
  { label: 'content id never issued', value: 'stalker-zs:scenario:does-not-exist' },
  { label: 'uuid in upper case', value: '01900000-0000-7000-8000-00000000000A' },
];

/** The value hints for requests sent by one actor. */
export class ValueKnowledge implements ValueHints {
  constructor(
    private readonly world: FuzzWorld,
    private readonly actor: Actor,
    private readonly random: FuzzRandom,
  ) {}

  known(site: InputSite): readonly unknown[] {
    const pool = poolOf(site);
    return pool ? this.world.values(pool) : [];
  }

  unknown(site: InputSite): readonly Hostile[] {
    const pool = poolOf(site);
    if (!pool) return KEY_NAMES.has(site.name) ? RESERVED_TEXTS : [];
    const otherKinds: Hostile[] = (['campaign', 'group', 'player', 'game', 'card'] as const)
      .filter((other) => other !== pool)
      .flatMap((other) => this.world.values(other).slice(0, 1).map((value) => ({ label: `a ${other} id where a ${pool} id goes`, value })));
    return [...NEVER_ISSUED, ...otherKinds, ...RESERVED_TEXTS];
  }

  composite(_site: InputSite, type: GraphQLInputType | undefined): unknown {
    if (!type) return undefined;
    const build = this.composites[getNamedType(type).name];
    return build ? build() : undefined;
  }

  rootArguments(coordinate: string, args: readonly GraphQLArgument[]): Record<string, unknown> | undefined {
    if (coordinate === 'Query.replay') {
      const procedureId = this.random.pick(Object.keys(WORKED_EXAMPLES));
      return { procedureId, input: JSON.stringify(WORKED_EXAMPLES[procedureId]), seed: `fuzz-${this.random.token(4)}` };
    }
    // A typed rules query: the engine's worked example for its procedure, so hostile values land inside input the rules accept.
    const procedureId = this.world.procedureOfField.get(coordinate.replace(/^Query\./, ''));
    const input = args.find((argument) => argument.name === 'input');
    if (!procedureId || !input || !(procedureId in WORKED_EXAMPLES) || this.random.chance(0.2)) return undefined;
    return { input: typedExample(WORKED_EXAMPLES[procedureId], input.type) };
  }

  /** Inputs whose parts must agree with each other or with the server's state to be valid. */
  private readonly composites: Readonly<Record<string, () => unknown>> = {
    CreateCampaignInput: () => {
      const gameId = this.random.pick(this.world.values('campaignGame'));
      const input: Record<string, unknown> = { gameId, name: `Fuzz ${this.random.token(5)}` };
      const groups = this.groupsOfActor();
      if (groups.length > 0 && this.random.chance(0.5)) input.groupId = this.random.pick(groups);
      const setups = (campaignModelOf(gameId)?.setups ?? []).map((setup) => setup.procedure.id).filter((id) => id in WORKED_EXAMPLES);
      if (setups.length > 0 && this.random.chance(0.4)) {
        input.setupProcedure = this.random.pick(setups);
        input.setup = WORKED_EXAMPLES[input.setupProcedure as string];
      }
      return input;
    },
    PushCampaignActionsInput: () => {
      const campaign = this.campaignOfActor();
      const catalog = campaign ? (this.world.actionExamples.get(campaign.gameId) ?? []) : [];
      const chosen = catalog.length > 0 ? this.random.pick(catalog) : undefined;
      const names = chosen ? [...chosen.exampleAfter, chosen.name] : [];
      const actions = names.map((name, i) => ({ seq: i + 1, name, args: catalog.find((action) => action.name === name)?.example ?? {} }));
      return { campaignId: campaign?.id ?? this.random.pick(this.world.values('campaign')), clientId: `fuzz-${this.random.token(8)}`, actions };
    },
    RecordScenarioOutcomeInput: () => {
      const campaign = this.campaignOfActor();
      const scenarios = campaign ? (this.world.scenariosOfGame.get(campaign.gameId) ?? []) : [];
      return {
        campaignId: campaign?.id ?? this.random.pick(this.world.values('campaign')),
        scenarioId: scenarios.length > 0 ? this.random.pick(scenarios) : this.random.pick(this.world.values('scenario')),
        won: this.random.chance(0.5),
      };
    },
    SubmitZoneSurvivalResultInput: () => bossHuntVictory(0, { clientSubmissionId: `fuzz-${this.random.token(12)}` }),
    RegisterPlayerInput: () => ({ email: this.freshEmail(), password: PASSWORD, displayName: `Fuzz ${this.random.token(4)}` }),
    LinkEmailInput: () => ({ email: this.freshEmail(), password: PASSWORD }),
    LoginInput: () => this.random.pick(this.world.credentials),
    SignInWithDeviceInput: () => ({ deviceId: this.random.token(43), displayName: `Fuzz ${this.random.token(4)}` }),
    LinkDeviceInput: () => ({ deviceId: this.random.token(43) }),
    DeleteMyAccountInput: () => ({ password: PASSWORD }),
  };

  private freshEmail(): string {
    return `fuzz-${this.random.token(10).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@example.org`;
  }

  private campaignOfActor() {
    const visible = this.world.campaignsVisibleTo(this.actor);
    return visible.length > 0 && this.random.chance(0.85) ? this.random.pick(visible) : this.random.pick(this.world.campaigns);
  }

  private groupsOfActor(): string[] {
    return this.world.groupsOf(this.actor);
  }
}
