import {
  ConstDirectiveNode,
  GraphQLFieldResolver,
  GraphQLSchema,
  isInterfaceType,
  isObjectType,
  isUnionType,
  getNamedType,
  Kind,
} from 'graphql';
import { BadUserInputError } from '../errors/domain-errors';

/** An entity this subgraph resolves, and the fields of its key that a representation must carry. */
interface ResolvableEntity {
  readonly keyFields: readonly { readonly name: string; readonly type: string }[];
}

const keyDirectives = (directives: readonly ConstDirectiveNode[] | undefined) => (directives ?? []).filter((directive) => directive.name.value === 'key');

function argumentOf(directive: ConstDirectiveNode, name: string): unknown {
  const argument = directive.arguments?.find((candidate) => candidate.name.value === name);
  if (!argument) return undefined;
  if (argument.value.kind === Kind.STRING || argument.value.kind === Kind.BOOLEAN) return argument.value.value;
  return undefined;
}

/**
 * The types `_entities` may be asked for: objects of the `_Entity` union and
 * interfaces declared with `@key`, except those whose every key says
 * `resolvable: false` (stubs another subgraph owns, which the gateway never
 * asks this one to resolve).
 */
function resolvableEntities(schema: GraphQLSchema): Map<string, ResolvableEntity> {
  const entities = new Map<string, ResolvableEntity>();
  const union = schema.getType('_Entity');
  const candidates = [
    ...(isUnionType(union) ? union.getTypes() : []),
    ...Object.values(schema.getTypeMap()).filter((type) => isInterfaceType(type) && keyDirectives(type.astNode?.directives).length > 0),
  ];
  for (const type of candidates) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    const keys = keyDirectives(type.astNode?.directives).filter((key) => argumentOf(key, 'resolvable') !== false);
    if (keys.length === 0 && keyDirectives(type.astNode?.directives).length > 0) continue;
    // A representation carries one of the keys; every key here is a plain list of fields (`id`), so the first one is checked.
    const fields = String(keys.length > 0 ? argumentOf(keys[0], 'fields') ?? '' : '');
    const keyFields = /[{}]/.test(fields)
      ? []
      : fields
          .split(/\s+/)
          .filter(Boolean)
          .map((name) => ({ name, type: getNamedType(type.getFields()[name]?.type)?.name ?? 'unknown' }));
    entities.set(type.name, { keyFields });
  }
  return entities;
}

const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value);

/** Why a representation cannot be resolved here, as the client's mistake; null when it names an entity by its key. */
function refusalOf(representation: unknown, index: number, entities: ReadonlyMap<string, ResolvableEntity>): BadUserInputError | null {
  const at = `representations[${index}]`;
  if (representation === null || typeof representation !== 'object' || Array.isArray(representation)) {
    return new BadUserInputError(at, 'type', `${at} must be an object with __typename and the entity's key fields, not ${describe(representation)}`);
  }
  const { __typename: typename } = representation as Record<string, unknown>;
  if (typename === undefined) return new BadUserInputError(`${at}.__typename`, 'required', `${at} has no __typename`);
  if (typeof typename !== 'string') return new BadUserInputError(`${at}.__typename`, 'type', `${at}.__typename must be a type name, not ${describe(typename)}`);
  const entity = entities.get(typename);
  if (!entity) {
    const known = [...entities.keys()].sort().join(', ') || 'none';
    return new BadUserInputError(`${at}.__typename`, 'entity-type', `${typename} is not an entity this subgraph resolves (it resolves: ${known})`);
  }
  for (const key of entity.keyFields) {
    const value = (representation as Record<string, unknown>)[key.name];
    const field = `${at}.${key.name}`;
    if (value === undefined || value === null) return new BadUserInputError(field, 'required', `${field} is missing: a ${typename} is found by its ${key.name}`);
    const stringKey = key.type === 'ID' || key.type === 'String';
    if (stringKey && (typeof value !== 'string' || value.length === 0)) {
      return new BadUserInputError(field, 'type', `${field} must be a non-empty string, not ${describe(value)}`);
    }
  }
  return null;
}

/**
 * Checks every representation `_entities` is given before a reference
 * resolver sees it. Federation's own resolver meets a type that is no entity
 * here (`ZoneSurvivalResult`), a representation without `__typename` or a
 * reference without its key as programming errors, which clients saw as
 * INTERNAL_SERVER_ERROR. Each such representation is now null with its own
 * BAD_USER_INPUT (`field` `representations[i]…`, a rule), at its own index,
 * and the valid ones are resolved as before: an unknown id stays each
 * resolver's NOT_FOUND. Applied as the subgraph schema's `transformSchema`.
 */
export function checkEntityRepresentations(schema: GraphQLSchema): GraphQLSchema {
  const field = schema.getQueryType()?.getFields()._entities;
  if (!field?.resolve) return schema;
  const entities = resolvableEntities(schema);
  const resolve = field.resolve as GraphQLFieldResolver<unknown, unknown, { representations: unknown[] }>;
  field.resolve = (source, args, context, info) => {
    const representations: unknown[] = Array.isArray(args.representations) ? args.representations : [];
    const refusals: (BadUserInputError | null)[] = representations.map((representation, index) => refusalOf(representation, index, entities));
    if (refusals.every((refusal) => refusal === null)) return resolve(source, args, context, info);
    const valid = representations.filter((_, index) => refusals[index] === null);
    const resolved = valid.length > 0 ? resolve(source, { ...args, representations: valid }, context, info) : [];
    // graphql-js reports an Error in a list as that item's error, so each refusal stays at its own index.
    return Promise.resolve(resolved as unknown[]).then((values) => {
      let next = 0;
      return refusals.map((refusal) => refusal ?? values[next++]);
    });
  };
  return schema;
}
