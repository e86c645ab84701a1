import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kindOf } from '@scriptbook/content/kinds/descriptor';
import type { GameDescriptor } from '@scriptbook/games';
import { objectShape, unwrap } from '@scriptbook/platform/graphql/zod/zod-kinds';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { scoringApiNames } from '../../services/scoring/src/games/scoring-names';

/**
 * What each layer of the platform should serve of a game, read from its
 * descriptor alone, and what the layers do serve, asked through the graph:
 * the two are compared, so a layer that needs another registration than the
 * game's folder and the one list shows as a difference.
 */
export type Ask = (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>;

/** Asks `url` with `token`, failing on any error. */
export function askOf(url: string, token?: string): Ask {
  return async (query, variables = {}) => {
    const response = await graphql(url, query, variables, token);
    if (response.errors) throw new Error(`${query}\n${JSON.stringify(response.errors, null, 2)}`);
    return response.data!;
  };
}

const ROOT = join(__dirname, '..', '..');
const byName = <T extends { name: string }>(list: readonly T[]) => new Map(list.map((entry) => [entry.name, entry]));

/** The content layer: the game's item and its modules, each of its kinds as a described type with a `Game` list where it asks for one, found by search. */
export function describedContent(game: GameDescriptor) {
  return {
    gameId: game.id,
    modules: game.modules.map((module) => module.id).sort(),
    kinds: game.content.kinds.map((kind) => ({ kind: kindOf(kind), type: kind.graphqlName, description: kind.description, gameList: kind.gameList?.field ?? null, searchable: true })),
  };
}

export async function servedContent(ask: Ask, game: GameDescriptor): Promise<ReturnType<typeof describedContent>> {
  const { game: item, gameType } = await ask('query($id: ID!) { game(id: $id) { id modules { id } } gameType: __type(name: "Game") { fields { name } } }', { id: game.id });
  const gameFields = new Set(gameType.fields.map((field: { name: string }) => field.name));
  const kinds = [];
  for (const descriptor of game.content.kinds) {
    const kind = kindOf(descriptor);
    const { type, items } = await ask(
      'query($type: String!, $kinds: [String!]) { type: __type(name: $type) { name kind description } items: contentItems(kinds: $kinds, first: 1) { edges { node { id name gameId } } } }',
      { type: descriptor.graphqlName, kinds: [kind] },
    );
    const first = items.edges[0]?.node as { id: string; name: string; gameId: string } | undefined;
    kinds.push({
      kind,
      type: type?.kind === 'OBJECT' ? type.name : null,
      description: type?.description ?? null,
      gameList: descriptor.gameList && gameFields.has(descriptor.gameList.field) ? descriptor.gameList.field : null,
      searchable: first !== undefined && first.gameId === game.id && (await searchFinds(ask, game.id, kind, first)),
    });
  }
  return { gameId: item?.id ?? null, modules: (item?.modules ?? []).map((module: { id: string }) => module.id).sort(), kinds };
}

async function searchFinds(ask: Ask, gameId: string, kind: string, item: { id: string; name: string }): Promise<boolean> {
  const { searchContent } = await ask('query($q: String!, $gameId: ID, $kinds: [String!]) { searchContent(query: $q, gameId: $gameId, kinds: $kinds, first: 100) { item { id } } }', {
    q: item.name,
    gameId,
    kinds: [kind],
  });
  return searchContent.some((hit: { item: { id: string } }) => hit.item.id === item.id);
}

/** The rules layer: every procedure under the game's id (modules' too), each module's under its id, each a query of its own. */
export function describedRules(game: GameDescriptor) {
  const procedures = game.rules.procedures;
  return {
    procedures: procedures.map((procedure) => procedure.id),
    byModule: Object.fromEntries(game.modules.map((module) => [module.id, procedures.filter((p) => p.moduleId === module.id).map((p) => p.id)])),
    queries: procedures.map((procedure) => procedure.field),
  };
}

export async function servedRules(ask: Ask, game: GameDescriptor): Promise<ReturnType<typeof describedRules>> {
  const list = async (moduleId?: string) => {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const { procedures } = await ask('query($gameId: ID, $moduleId: ID, $after: String) { procedures(gameId: $gameId, moduleId: $moduleId, first: 100, after: $after) { edges { node { id gameId } } pageInfo { hasNextPage endCursor } } }', {
        gameId: game.id,
        moduleId,
        after,
      });
      ids.push(...procedures.edges.filter((edge: { node: { gameId: string } }) => edge.node.gameId === game.id).map((edge: { node: { id: string } }) => edge.node.id));
      after = procedures.pageInfo.hasNextPage ? procedures.pageInfo.endCursor : null;
    } while (after);
    return ids;
  };
  const { __schema } = await ask('{ __schema { queryType { fields { name } } } }');
  const queries = new Set(__schema.queryType.fields.map((field: { name: string }) => field.name));
  const byModule: Record<string, string[]> = {};
  for (const module of game.modules) byModule[module.id] = await list(module.id);
  return { procedures: await list(), byModule, queries: game.rules.procedures.map((p) => p.field).filter((field) => queries.has(field)) };
}

/** The fields of a setup procedure's input that a campaign's typed setup takes: all but the seed and stream the campaign gives. */
const setupInputFields = (input: Parameters<typeof unwrap>[0]) =>
  Object.keys(objectShape(unwrap(input).core))
    .filter((name) => name !== 'seed' && name !== 'rngState')
    .sort();

/** The campaigns layer: the game named where a campaign starts, its state field, one typed setup field per setup procedure, its actions; a game keeping no campaigns is refused. */
export function describedCampaigns(game: GameDescriptor) {
  const model = game.campaign;
  if (!model) return { keepsCampaigns: false, refusedAs: 'campaign-game' };
  return {
    keepsCampaigns: true,
    namedInGameId: true,
    state: { field: model.stateField, type: model.stateTypeName },
    setups: model.setups.map(({ procedure }) => ({ field: procedure.field, inputFields: setupInputFields(procedure.input) })),
    actions: model.actions.map((action) => action.name),
  };
}

export async function servedCampaigns(ask: Ask, token: string | undefined, url: string, game: GameDescriptor): Promise<Record<string, unknown>> {
  const model = game.campaign;
  if (!model) {
    const response = await graphql(url, 'query($gameId: ID!) { campaignActions(gameId: $gameId) { name } }', { gameId: game.id }, token);
    return { keepsCampaigns: false, refusedAs: response.errors?.[0]?.extensions?.rule ?? null };
  }
  const { input, campaign, campaignActions } = await ask(
    `query($gameId: ID!) {
      input: __type(name: "CreateCampaignInput") { inputFields { name description type { name } } }
      campaign: __type(name: "Campaign") { fields { name type { name } } }
      campaignActions(gameId: $gameId) { name }
    }`,
    { gameId: game.id },
  );
  const inputFields = byName<{ name: string; description: string; type: { name: string } }>(input.inputFields);
  const stateField = byName<{ name: string; type: { name: string } }>(campaign.fields).get(model.stateField);
  const setups = [];
  for (const { procedure } of model.setups) {
    const field = inputFields.get(procedure.field);
    const type = field && (await ask('query($name: String!) { __type(name: $name) { inputFields { name } } }', { name: field.type.name })).__type;
    setups.push({ field: field?.name ?? null, inputFields: (type?.inputFields ?? []).map((entry: { name: string }) => entry.name).sort() });
  }
  return {
    keepsCampaigns: true,
    namedInGameId: inputFields.get('gameId')!.description.includes(`\`${game.id}\``),
    state: stateField ? { field: stateField.name, type: stateField.type.name } : null,
    setups,
    actions: (campaignActions ?? []).map((action: { name: string }) => action.name),
  };
}

/** The scoring layer, for a game with a scoring part: its mutations and queries under the names its scoring chooses, its result type with the result's fields. */
export function describedScoring(game: GameDescriptor) {
  if (!game.scoring) return null;
  const names = scoringApiNames(game.scoring.names);
  return {
    mutations: Object.values(names.mutations).sort(),
    queries: Object.values(names.queries).sort(),
    result: { type: names.types.result, fields: Object.keys(game.scoring.schemas.result.shape).sort() },
  };
}

export async function servedScoring(ask: Ask, game: GameDescriptor): Promise<ReturnType<typeof describedScoring>> {
  const wanted = describedScoring(game);
  if (!wanted) return null;
  const { query, mutation, result } = await ask(
    'query($result: String!) { query: __type(name: "Query") { fields { name } } mutation: __type(name: "Mutation") { fields { name } } result: __type(name: $result) { name fields { name } } }',
    { result: wanted.result.type },
  );
  const present = (type: { fields: { name: string }[] }, names: string[]) => names.filter((name) => type.fields.some((field) => field.name === name));
  const resultFields = new Set<string>((result?.fields ?? []).map((field: { name: string }) => field.name));
  return {
    mutations: present(mutation, wanted.mutations),
    queries: present(query, wanted.queries),
    result: { type: result?.name ?? null, fields: wanted.result.fields.filter((field) => resultFields.has(field)) },
  };
}

/** The docs layer: the game's page of `docs/rules`, its table made from the catalog, listing each procedure by query and id. */
export function describedDocs(game: GameDescriptor) {
  return { page: `docs/rules/${game.id}.md`, rows: game.rules.procedures.map((p) => `| \`${p.field}\` | \`${p.id}\` |`) };
}

export function documentedDocs(game: GameDescriptor): ReturnType<typeof describedDocs> {
  const page = `docs/rules/${game.id}.md`;
  const path = join(ROOT, page);
  if (!existsSync(path)) return { page: '(missing)', rows: [] };
  const text = readFileSync(path, 'utf8');
  const table = text.slice(text.indexOf('<!-- procedures:'), text.indexOf('<!-- /procedures -->'));
  return { page, rows: game.rules.procedures.map((p) => `| \`${p.field}\` | \`${p.id}\` |`).filter((row) => table.includes(row)) };
}

/** The layers a test reaches once its services are up: the gateway's URL, a player's token, and a way to ask with it. */
export interface ReachedLayers {
  readonly url: string;
  readonly token: string;
  readonly ask: Ask;
}

/**
 * One test per game and layer, inside the caller's `describe`: what the
 * content, rules, campaigns and scoring layers serve of the game equals
 * what its descriptor describes. `reach` is called when a test runs, after
 * the caller's `beforeAll` started the services.
 */
export function itServesEachGameInEveryLayer(games: readonly GameDescriptor[], reach: () => ReachedLayers): void {
  const cases = games.map((game) => [game.id, game] as const);
  it.each(cases)('%s: its content kinds and modules are served, listed and searchable', async (_id, game) => {
    expect(await servedContent(reach().ask, game)).toEqual(describedContent(game));
  });

  it.each(cases)('%s: its procedures are in the rules catalog under its id and its modules’ ids, each a query', async (_id, game) => {
    expect(await servedRules(reach().ask, game)).toEqual(describedRules(game));
  });

  it.each(cases)('%s: campaigns keep its state, take each setup procedure as a typed field and list its actions', async (_id, game) => {
    const { ask, token, url } = reach();
    expect(await servedCampaigns(ask, token, url, game)).toEqual(describedCampaigns(game));
  });

  it.each(cases)('%s: scoring serves what its scoring part describes, where it has one', async (_id, game) => {
    expect(await servedScoring(reach().ask, game)).toEqual(describedScoring(game));
  });
}
