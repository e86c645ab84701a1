import {
  BreakingChangeType,
  findBreakingChanges,
  GraphQLNamedType,
  GraphQLSchema,
  isEnumType,
  isInterfaceType,
  isObjectType,
  getNamedType,
  isNonNullType,
  isListType,
  GraphQLOutputType,
} from 'graphql';

/**
 * What a release may not do to the public API that clients already use,
 * beyond graphql-js's own list of breaking changes, with the one kind of
 * change the deprecation policy (docs/api.md) treats as safe: an output
 * field that served text now serves an enum of the same values. Apps read
 * the same JSON either way; only a type that was open becomes closed.
 */
export function breakingChanges(before: GraphQLSchema, after: GraphQLSchema): string[] {
  return findBreakingChanges(before, after)
    .filter((change) => !(change.type === BreakingChangeType.FIELD_CHANGED_KIND && stringBecameEnum(before, after, change.description)))
    .map((change) => `${change.type}: ${change.description}`)
    .sort();
}

/** graphql-js describes a field type change as "Type.field changed type from X to Y." */
function stringBecameEnum(before: GraphQLSchema, after: GraphQLSchema, description: string): boolean {
  const match = /^(\w+)\.(\w+) changed type from (.+) to (.+)\.$/.exec(description);
  if (!match) return false;
  const [, typeName, fieldName] = match;
  const oldField = outputField(before.getType(typeName), fieldName);
  const newField = outputField(after.getType(typeName), fieldName);
  if (!oldField || !newField) return false;
  return sameWrapping(oldField, newField) && getNamedType(oldField).name === 'String' && isEnumType(getNamedType(newField));
}

function outputField(type: GraphQLNamedType | undefined | null, name: string): GraphQLOutputType | undefined {
  if (!type || !(isObjectType(type) || isInterfaceType(type))) return undefined;
  return type.getFields()[name]?.type;
}

/** The same lists and non-nulls around the named type, so only the named type differs. */
function sameWrapping(a: GraphQLOutputType, b: GraphQLOutputType): boolean {
  if (isNonNullType(a) || isNonNullType(b)) return isNonNullType(a) && isNonNullType(b) && sameWrapping(a.ofType, b.ofType);
  if (isListType(a) || isListType(b)) return isListType(a) && isListType(b) && sameWrapping(a.ofType, b.ofType);
  return true;
}
