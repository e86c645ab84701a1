import {
  getIntrospectionQuery,
  GraphQLArgument,
  GraphQLDirective,
  GraphQLEnumValue,
  GraphQLField,
  GraphQLInputField,
  GraphQLSchema,
  GraphQLType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
} from 'graphql';
import { responseShape, type ResponsePlace } from './response-shape';

/** What an introspection field answers with: the schema itself or one of the things it describes. */
type Described =
  | { readonly schema: GraphQLSchema }
  | { readonly type: GraphQLType }
  | { readonly field: GraphQLField<unknown, unknown> }
  | { readonly input: GraphQLArgument | GraphQLInputField }
  | { readonly enumValue: GraphQLEnumValue }
  | { readonly directive: GraphQLDirective };

type Below = Described | readonly Described[] | null | undefined;

/**
 * How many fields the answer to the document's introspection would hold
 * (each field of each object in it, a list of scalars counting once),
 * counted against `schema` itself, and no further than just past `limit`:
 * the count costs at most about `limit` steps. Static measures cannot bound
 * introspection (`types { fields { type { ofType { fields … } } } }` grows
 * with the schema, and depth and cost limits exempt it), so this walks the
 * schema the answer would describe. It errs on the large side: every
 * fragment and `@include` counts as taken, deprecated items as listed, and
 * `__type` with a name from a variable as every type at once.
 */
export function introspectionSize(operations: readonly ResponsePlace[], schema: GraphQLSchema, limit: number): number {
  const count = new Counter(schema, limit);
  for (const operation of operations) {
    for (const place of operation.children.values()) {
      const name = place.fields[0].name.value;
      if (name === '__schema') count.place(place, { schema });
      else if (name === '__type') count.place(place, namedTypes(schema, place));
      if (count.over) break;
    }
  }
  return count.total;
}

/** graphql-js's introspection query with every option on: what tools and GraphiQL send to read a whole schema. */
const STANDARD_INTROSPECTION = parse(
  getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }),
);
const standardSizes = new WeakMap<GraphQLSchema, number>();

/** The size of the answer to the standard introspection query for `schema`, worked out once per schema. */
export function standardIntrospectionSize(schema: GraphQLSchema): number {
  let size = standardSizes.get(schema);
  if (size === undefined) {
    size = introspectionSize(responseShape(STANDARD_INTROSPECTION, Number.MAX_SAFE_INTEGER).operations, schema, Number.MAX_SAFE_INTEGER);
    standardSizes.set(schema, size);
  }
  return size;
}

/** True when some operation of the shape asks for `__schema` or `__type` at its top. */
export function asksForIntrospection(operations: readonly ResponsePlace[]): boolean {
  return operations.some((operation) =>
    [...operation.children.values()].some((place) => place.fields.some((field) => field.name.value === '__schema' || field.name.value === '__type')),
  );
}

class Counter {
  total = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limit: number,
  ) {}

  get over(): boolean {
    return this.total > this.limit;
  }

  place(place: ResponsePlace, value: Below): void {
    this.total += 1;
    const pending: [ResponsePlace, Below][] = [[place, value]];
    while (pending.length > 0 && !this.over) {
      const [current, below] = pending.pop()!;
      if (!below || current.children.size === 0) continue;
      for (const item of Array.isArray(below) ? below : [below as Described]) {
        this.total += current.children.size;
        if (this.over) return;
        for (const child of current.children.values()) {
          if (child.children.size > 0) pending.push([child, this.describedBy(item, child.fields[0].name.value)]);
        }
      }
    }
  }

  /** What introspection field `name` of `item` answers with, as graphql-js's introspection resolvers give it. */
  private describedBy(item: Described, name: string): Below {
    if ('schema' in item) {
      if (name === 'types') return Object.values(this.schema.getTypeMap()).map((type) => ({ type }));
      if (name === 'directives') return this.schema.getDirectives().map((directive) => ({ directive }));
      const root = name === 'queryType' ? item.schema.getQueryType() : name === 'mutationType' ? item.schema.getMutationType() : name === 'subscriptionType' ? item.schema.getSubscriptionType() : undefined;
      return root ? { type: root } : null;
    }
    if ('type' in item) return this.describedByType(item.type, name);
    if ('field' in item) return name === 'args' ? item.field.args.map((input) => ({ input })) : name === 'type' ? { type: item.field.type } : null;
    if ('input' in item) return name === 'type' ? { type: item.input.type } : null;
    if ('directive' in item) return name === 'args' ? item.directive.args.map((input) => ({ input })) : null;
    return null;
  }

  private describedByType(type: GraphQLType, name: string): Below {
    switch (name) {
      case 'ofType':
        return isListType(type) || isNonNullType(type) ? { type: type.ofType } : null;
      case 'fields':
        return isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()).map((field) => ({ field })) : null;
      case 'interfaces':
        return isObjectType(type) || isInterfaceType(type) ? type.getInterfaces().map((each) => ({ type: each })) : null;
      case 'possibleTypes':
        return isAbstractType(type) ? this.schema.getPossibleTypes(type).map((each) => ({ type: each })) : null;
      case 'enumValues':
        return isEnumType(type) ? type.getValues().map((enumValue) => ({ enumValue })) : null;
      case 'inputFields':
        return isInputObjectType(type) ? Object.values(type.getFields()).map((input) => ({ input })) : null;
      default:
        return null;
    }
  }
}

/** The type `__type(name: "…")` names, or every type when the name is not written in the document. */
function namedTypes(schema: GraphQLSchema, place: ResponsePlace): Below {
  const names = place.fields.map((field) => field.arguments?.find((argument) => argument.name.value === 'name')?.value);
  if (names.every((name) => name?.kind === Kind.STRING)) {
    const types = [...new Set(names.map((name) => (name as { value: string }).value))].map((name) => schema.getType(name));
    return types.flatMap((type) => (type ? [{ type }] : []));
  }
  return Object.values(schema.getTypeMap()).map((type) => ({ type }));
}
