import { Type } from '@nestjs/common';
import { createUnionType } from '@nestjs/graphql';
import {
  ContentItemFields,
  ContentKindRegistry,
  GAME_KIND,
  graphqlTypeOfView,
  IconView,
  ITEM_INTERFACE,
  KindGroup,
  SegmentedTextView,
  TextSegmentView,
} from '@scriptbook/content';
import { ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';

const ENTITY_KEY = '@key(fields: "id")';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GraphQLTypeRef = any;

/** The GraphQL types of the content subgraph, made from its kinds. */
export interface ContentGraphQL {
  readonly kinds: ContentKindRegistry;
  /** The `ContentItem` interface every kind implements. */
  readonly contentItem: Type<unknown>;
  /** The object type serving one kind. */
  typeOf(kind: string): Type<unknown>;
  /** The interface a group is served through (`Card`, `Scenario`). */
  interfaceOf(group: KindGroup): Type<unknown>;
  /** The kinds the gateway may reference by their own type name, with their types. */
  readonly entities: readonly { readonly kind: string; readonly type: Type<unknown> }[];
  /** Every object type that serves a kind; many are reachable only through an interface, so the schema is told of them. */
  readonly itemTypes: readonly Type<unknown>[];
}

/**
 * Makes the content subgraph's types from the kinds' served shapes: one
 * object type per kind implementing `ContentItem` and the interfaces of its
 * groups, each group's interface or union, and `Game` with the lists the
 * kinds contribute to it. Nothing here knows any one game.
 */
export function contentGraphQL(kinds: ContentKindRegistry): ContentGraphQL {
  const byName = new Map<string, GraphQLTypeRef>();
  const types = new ZodGraphQLTypes({ enumValues: 'as-written', parsedOutputs: true, describeAsNamed: true, namedTypes: (name) => byName.get(name) });
  const add = <T>(name: string, type: T): T => {
    if (byName.has(name)) throw new Error(`two content types are named ${name}`);
    byName.set(name, type);
    return type;
  };

  add('TextSegment', types.objectType(TextSegmentView, 'TextSegment'));
  add('SegmentedText', types.objectType(SegmentedTextView, 'SegmentedText'));
  add('Icon', types.objectType(IconView, 'Icon'));
  const contentItem = add(ITEM_INTERFACE, types.interfaceType(ContentItemFields, ITEM_INTERFACE, { resolveType: graphqlTypeOfView }));

  const interfaces = new Map<KindGroup, Type<unknown>>();
  for (const { group, descriptor } of kinds.groups()) {
    const serving = descriptor.serving;
    if (!('interface' in serving)) continue;
    const type = types.interfaceType(serving.fields, serving.interface, {
      implements: [contentItem],
      directives: serving.entity ? [ENTITY_KEY] : [],
      resolveType: graphqlTypeOfView,
    });
    interfaces.set(group, add(serving.interface, type));
  }

  const byKind = new Map<string, Type<unknown>>();
  for (const kind of kinds.kinds) {
    const descriptor = kinds.descriptor(kind);
    const implemented = [...kinds.interfacesOf(kind).map((entry) => byName.get(entry.name) as Type<unknown>), contentItem];
    const type = types.objectType(kinds.servedShape(kind), descriptor.graphqlName, descriptor.graphqlName, {
      implements: implemented,
      directives: descriptor.entity ? [ENTITY_KEY] : [],
      description: descriptor.description,
    });
    byKind.set(kind, add(descriptor.graphqlName, type));
  }

  for (const { descriptor, kinds: members } of kinds.groups()) {
    const serving = descriptor.serving;
    if (!('union' in serving)) continue;
    const union = createUnionType({
      name: serving.union,
      description: serving.description,
      types: () => members.map((kind) => byKind.get(kind)!) as [Type<unknown>, ...Type<unknown>[]],
      resolveType: graphqlTypeOfView,
    });
    add(serving.union, union);
  }

  const typeOf = (kind: string) => {
    const type = byKind.get(kind);
    if (!type) throw new Error(`no GraphQL type serves content kind "${kind}"`);
    return type;
  };
  typeOf(GAME_KIND);
  return {
    kinds,
    contentItem,
    typeOf,
    interfaceOf: (group) => {
      const type = interfaces.get(group);
      if (!type) throw new Error(`no kind is served through the ${group} interface`);
      return type;
    },
    entities: kinds.kinds.filter((kind) => kinds.descriptor(kind).entity).map((kind) => ({ kind, type: typeOf(kind) })),
    itemTypes: [...byKind.values()],
  };
}
