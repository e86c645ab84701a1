import {
  getNamedType,
  GraphQLField,
  GraphQLNamedType,
  GraphQLSchema,
  isInterfaceType,
  isObjectType,
  isUnionType,
} from 'graphql';

const ITEM_INTERFACE = 'ContentItem';

/** An item met inside another item is compared where it is served itself; here only which one it is. */
const ITEM_REFERENCE = '__typename ... on ContentItem { id }';

function isItemType(schema: GraphQLSchema, type: GraphQLNamedType): boolean {
  const item = schema.getType(ITEM_INTERFACE);
  if (!item || !isInterfaceType(item)) throw new Error(`the schema has no ${ITEM_INTERFACE} interface`);
  if (type === item) return true;
  if (isObjectType(type) || isInterfaceType(type)) return type.getInterfaces().includes(item);
  if (isUnionType(type)) return type.getTypes().every((member) => member.getInterfaces().includes(item));
  return false;
}

function selectionOf(schema: GraphQLSchema, type: GraphQLNamedType, path: readonly string[]): string {
  if (!(isObjectType(type) || isInterfaceType(type))) return '';
  if (path.includes(type.name)) throw new Error(`${[...path, type.name].join(' → ')}: a cycle outside content items`);
  const fields = Object.values(type.getFields()).map((field: GraphQLField<unknown, unknown>) => {
    if (field.args.length > 0) throw new Error(`${type.name}.${field.name} takes arguments; the selection cannot choose them`);
    const named = getNamedType(field.type);
    if (isItemType(schema, named)) return `${field.name} { ${ITEM_REFERENCE} }`;
    const inner = selectionOf(schema, named, [...path, type.name]);
    return inner ? `${field.name} { ${inner} }` : field.name;
  });
  return fields.join(' ');
}

/**
 * For every object type that serves content items, a selection of every
 * field it has, nested objects included; items reached from an item are
 * selected by type and id only. The same selections run against two
 * releases show whether anything a client can read changed.
 */
export function everyFieldSelections(schema: GraphQLSchema): Record<string, string> {
  const selections: Record<string, string> = {};
  const types = Object.values(schema.getTypeMap())
    .filter((type) => isObjectType(type) && isItemType(schema, type))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const type of types) selections[type.name] = selectionOf(schema, type, []);
  return selections;
}
