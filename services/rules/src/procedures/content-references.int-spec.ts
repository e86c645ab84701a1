import { GraphQLSchemaHost } from '@nestjs/graphql';
import { ContentLibrary } from '@scriptbook/content';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { RunningService, startService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_SECRETS } from '@scriptbook/platform/testing/test-environment';
import { expectTypedAnswers, hostileRepresentations } from '@scriptbook/platform/validation/testing/hostile-representations';
import { arrayElement, objectShape, recordValue, typeNameOf, unionOptions, unwrap } from '@scriptbook/platform/graphql/zod/zod-kinds';
import { contentReferenceOf } from '@scriptbook/rules-engine';
import { z } from 'zod';
import { rulesApp } from '../rules.app';
import { contentEntitiesOf, ContentEntity } from './content-entities';

/** The content entities the release's results could point at, as the catalog's kinds serve them. */
const ENTITIES = contentEntitiesOf(RELEASE_CATALOG.contentKinds);

const K = z.ZodFirstPartyTypeKind;

/** Every content type a schema's ids are declared to reference, however deep. */
function referencedTypes(schema: z.ZodTypeAny, out = new Set<string>()): Set<string> {
  const { core } = unwrap(schema);
  const reference = contentReferenceOf(core);
  if (reference) out.add(reference);
  const kind = typeNameOf(core);
  if (kind === K.ZodObject) for (const field of Object.values(objectShape(core))) referencedTypes(field, out);
  if (kind === K.ZodArray) referencedTypes(arrayElement(core), out);
  if (kind === K.ZodRecord) referencedTypes(recordValue(core), out);
  if (kind === K.ZodDiscriminatedUnion || kind === K.ZodUnion) for (const option of unionOptions(core)) referencedTypes(option, out);
  return out;
}

describe('rules’ _entities for the content entities its results point at', () => {
  let service: RunningService;
  let library: ContentLibrary;
  let served: ContentEntity[];
  const itemIds = () => library.packs.flatMap((pack) => pack.itemIds);

  beforeAll(async () => {
    service = await startService(rulesApp, { NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...TEST_SECRETS });
    library = service.app.get(ContentLibrary);
    const schema = service.app.get(GraphQLSchemaHost).schema;
    served = ENTITIES.filter((entity) => schema.getType(entity.typename) !== undefined);
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('declares a stub for every content entity some result points at, and for no other', () => {
    const referenced = new Set(RELEASE_CATALOG.procedures.flatMap((p) => [...referencedTypes(p.input), ...referencedTypes(p.result)]));
    const entities = ENTITIES.filter((entity) => referenced.has(entity.typename)).map((entity) => entity.typename);
    expect(entities.length).toBeGreaterThan(0);
    expect(served.map((entity) => entity.typename).sort()).toEqual(entities.sort());
  });

  it('answers every representation of each stub it cannot resolve with a typed error, never INTERNAL_SERVER_ERROR', async () => {
    for (const { typename } of served) {
      await expectTypedAnswers(service.url, hostileRepresentations({ entity: typename, unknownId: `nothing:${typename}`, notAnEntity: 'RngState' }));
    }
  });

  it('resolves an id the packs hold only as an entity of its own kind', async () => {
    for (const entity of served) {
      const own = itemIds().find((id) => entity.kinds.has(library.get(id)!.kind))!;
      const other = itemIds().find((id) => !entity.kinds.has(library.get(id)!.kind))!;
      const response = await graphql(service.url, `query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on ${entity.typename} { id } } }`, {
        r: [
          { __typename: entity.typename, id: own },
          { __typename: entity.typename, id: other },
        ],
      });
      expect(response.data!._entities).toEqual([{ __typename: entity.typename, id: own }, null]);
      expect(response.errors!.map((e) => [e.path, e.extensions])).toEqual([[['_entities', 1], { code: 'NOT_FOUND', field: 'id', rule: 'exists' }]]);
    }
  });
});
