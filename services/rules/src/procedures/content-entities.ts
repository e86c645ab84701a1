import { Type } from '@nestjs/common';
import { ContentKindRegistry } from '@scriptbook/content';
import { entityReferenceType } from '@scriptbook/platform/graphql/zod';

/** A content entity a rules result can point at, as the catalog's content kinds serve it. */
export interface ContentEntity {
  readonly typename: string;
  readonly description: string;
  /** Content serves it as an entity interface (several kinds behind one type), so it is stubbed as an interface object here. */
  readonly interfaceObject: boolean;
  /** The content kinds an id of this entity names. */
  readonly kinds: ReadonlySet<string>;
}

/**
 * Every entity the content subgraph serves for these kinds: each interface
 * kinds of several games are served through as one entity (`Card`), and each
 * kind that is an entity under its own type. Interfaces that are no entity
 * (or types content does not key, `ContentItem`) are pointed at by id only.
 */
export function contentEntitiesOf(kinds: ContentKindRegistry): ContentEntity[] {
  const interfaces = kinds.groups().flatMap(({ descriptor, kinds: members }): ContentEntity[] => {
    const serving = descriptor.serving;
    if (!('interface' in serving) || !serving.entity) return [];
    const typename = serving.interface;
    return [{ typename, description: `A ${typename} of any game, owned by the content subgraph; select any ${typename} field.`, interfaceObject: true, kinds: new Set(members) }];
  });
  const ownTypes = kinds.kinds
    .map((kind) => [kind, kinds.descriptor(kind)] as const)
    .filter(([, descriptor]) => descriptor.entity)
    .map(([kind, { graphqlName: typename }]): ContentEntity => ({
      typename,
      description: `A ${typename}, owned by the content subgraph; select any ${typename} field.`,
      interfaceObject: false,
      kinds: new Set([kind]),
    }));
  return [...interfaces, ...ownTypes];
}

/**
 * The stubs of the content entities, made only when a procedure's result
 * first points at one: the subgraph then declares exactly the entities its
 * procedures return, whatever the catalog holds.
 */
export class ContentEntityStubs {
  private readonly entities: ReadonlyMap<string, ContentEntity>;
  private readonly made = new Map<string, Type<unknown>>();
  /** Entity typename → its stub, made on first read; what `ZodGraphQLTypes` takes as `references`. */
  readonly references: Readonly<Record<string, Type<unknown>>>;

  constructor(entities: readonly ContentEntity[]) {
    this.entities = new Map(entities.map((entity) => [entity.typename, entity]));
    const references = {};
    for (const typename of this.entities.keys()) {
      Object.defineProperty(references, typename, { enumerable: true, get: () => this.stubOf(typename) });
    }
    this.references = references;
  }

  /** Every entity typename a result may be served as. */
  typenames(): ReadonlySet<string> {
    return new Set(this.entities.keys());
  }

  /** The stubs made so far, each with its entity. */
  used(): { entity: ContentEntity; type: Type<unknown> }[] {
    return [...this.made].map(([typename, type]) => ({ entity: this.entities.get(typename)!, type }));
  }

  private stubOf(typename: string): Type<unknown> {
    let stub = this.made.get(typename);
    if (!stub) {
      const entity = this.entities.get(typename)!;
      stub = entityReferenceType(typename, entity.description, { interfaceObject: entity.interfaceObject });
      this.made.set(typename, stub);
    }
    return stub;
  }
}
