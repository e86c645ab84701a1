import { graphql } from '@scriptbook/platform/testing/graphql-client';

/** What every item of every pack answered, with the selections asked and the content they were asked of. */
export interface ServedContent {
  /** `contentVersion.hash` of the packs the answers come from. */
  readonly contentHash: string;
  /** GraphQL object type → the selection of every field it had when the answers were taken. */
  readonly selections: Readonly<Record<string, string>>;
  /** Item id → what `contentItem(id)` answered with its type's selection. */
  readonly answers: Readonly<Record<string, unknown>>;
}

type Ask = (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>;

function asker(url: string): Ask {
  return async (query, variables = {}) => {
    const response = await graphql(url, query, variables);
    if (response.errors) throw new Error(`${query.slice(0, 80)}…: ${JSON.stringify(response.errors)}`);
    return response.data!;
  };
}

/** Every item the subgraph lists, by id, with the type that serves it. */
async function listedItems(ask: Ask): Promise<{ id: string; type: string }[]> {
  const items: { id: string; type: string }[] = [];
  let after: string | null = null;
  do {
    const page: Record<string, any> = (
      await ask('query($after: String) { contentItems(first: 100, after: $after) { edges { node { __typename id } } pageInfo { hasNextPage endCursor } } }', {
        after,
      })
    ).contentItems;
    items.push(...page.edges.map((edge: { node: { __typename: string; id: string } }) => ({ id: edge.node.id, type: edge.node.__typename })));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return items;
}

export function itemQuery(type: string, selection: string): string {
  return `query($id: ID!) { contentItem(id: $id) { __typename ... on ${type} { ${selection} } } }`;
}

export function entityQuery(type: string, selection: string): string {
  return `query($representations: [_Any!]!) { _entities(representations: $representations) { __typename ... on ${type} { ${selection} } } }`;
}

async function inBatches<T, R>(values: readonly T[], size: number, each: (value: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < values.length; start += size) results.push(...(await Promise.all(values.slice(start, start + size).map(each))));
  return results;
}

/**
 * Asks a running content subgraph for every item it lists, each with the
 * selection of its type. An item whose type has no selection is an error:
 * the selections no longer cover what is served.
 */
export async function servedContent(url: string, selections: Readonly<Record<string, string>>): Promise<ServedContent> {
  const ask = asker(url);
  const contentHash = (await ask('{ contentVersion { hash } }')).contentVersion.hash as string;
  const items = await listedItems(ask);
  const answers = await inBatches(items, 8, async ({ id, type }) => {
    const selection = selections[type];
    if (!selection) throw new Error(`${id} is served as ${type}, which the selections do not cover`);
    return [id, (await ask(itemQuery(type, selection), { id })).contentItem] as const;
  });
  return { contentHash, selections, answers: Object.fromEntries(answers) };
}

export { asker };
