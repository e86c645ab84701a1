import { graphql } from '../../testing/graphql-client';

export interface SubgraphEntities {
  /** An entity the subgraph resolves, and an id of it no one has. */
  readonly entity: string;
  readonly unknownId: string;
  /** A type the subgraph serves that is not an entity (`ZoneSurvivalResult`). */
  readonly notAnEntity: string;
  /** Entities it only points at (`@key(resolvable: false)`), which it never resolves. */
  readonly stubs?: readonly string[];
}

export interface RepresentationCase {
  readonly what: string;
  readonly representation: unknown;
  readonly extensions: Record<string, unknown>;
}

/** What a caller could send `_entities`, and the typed answer each gets. */
export function hostileRepresentations({ entity, unknownId, notAnEntity, stubs = [] }: SubgraphEntities): RepresentationCase[] {
  const bad = (field: string, rule: string) => ({ code: 'BAD_USER_INPUT', field: `representations[0]${field}`, rule });
  return [
    { what: `a type that is not an entity (${notAnEntity})`, representation: { __typename: notAnEntity, id: 'x' }, extensions: bad('.__typename', 'entity-type') },
    { what: 'a type the schema does not have', representation: { __typename: 'NoSuchType', id: 'x' }, extensions: bad('.__typename', 'entity-type') },
    ...stubs.map((stub) => ({ what: `a stub it only points at (${stub})`, representation: { __typename: stub, id: 'x' }, extensions: bad('.__typename', 'entity-type') })),
    { what: 'no __typename', representation: { id: 'x' }, extensions: bad('.__typename', 'required') },
    { what: 'a __typename that is not a name', representation: { __typename: 7, id: 'x' }, extensions: bad('.__typename', 'type') },
    { what: 'a representation that is not an object', representation: 'Campaign:x', extensions: bad('', 'type') },
    { what: 'a list for a representation', representation: [entity, 'x'], extensions: bad('', 'type') },
    { what: `a ${entity} without its key`, representation: { __typename: entity }, extensions: bad('.id', 'required') },
    { what: `a ${entity} whose key is a number`, representation: { __typename: entity, id: 42 }, extensions: bad('.id', 'type') },
    { what: `a ${entity} whose key is empty`, representation: { __typename: entity, id: '' }, extensions: bad('.id', 'type') },
    { what: `a ${entity} nobody has`, representation: { __typename: entity, id: unknownId }, extensions: { code: 'NOT_FOUND', field: 'id', rule: 'exists' } },
  ];
}

const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) { __typename } }`;

/** Sends each case alone, then all of them together: every one is null with its own typed error at its own index. */
export async function expectTypedAnswers(url: string, cases: readonly RepresentationCase[], token?: string): Promise<void> {
  for (const { what, representation, extensions } of cases) {
    const response = await graphql(url, ENTITIES, { r: [representation] }, token);
    expect({ what, status: response.status, data: response.data, errors: response.errors?.map((e) => ({ path: e.path, extensions: e.extensions })) }).toEqual({
      what,
      status: 200,
      data: { _entities: [null] },
      errors: [{ path: ['_entities', 0], extensions }],
    });
  }
  const together = await graphql(url, ENTITIES, { r: cases.map((c) => c.representation) }, token);
  expect(together.data).toEqual({ _entities: cases.map(() => null) });
  const byIndex = new Map(together.errors!.map((error) => [error.path![1], error.extensions]));
  cases.forEach(({ extensions }, i) => {
    const field = typeof extensions.field === 'string' ? extensions.field.replace('representations[0]', `representations[${i}]`) : extensions.field;
    expect(byIndex.get(i)).toEqual({ ...extensions, field });
  });
}
