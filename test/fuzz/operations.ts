import { GraphQLField, GraphQLObjectType, GraphQLSchema, isNonNullType } from 'graphql';
import { FuzzRandom } from './fuzz-random';
import { printLiteral } from './graphql-literal';
import { argumentSite, formatPath, InputValues, ValueHints } from './input-values';
import { Selections } from './selections';

export type OperationKind = 'query' | 'mutation' | 'subscription';

/** A root field of a schema: what one generated operation calls. */
export interface RootField {
  readonly kind: OperationKind;
  readonly type: GraphQLObjectType;
  readonly field: GraphQLField<unknown, unknown>;
}

/** One GraphQL request as a client sends it, with what was made wrong on purpose. */
export interface FuzzOperation {
  readonly kind: OperationKind;
  /** `Mutation.createCampaign`, or a label for documents that are not about one field. */
  readonly target: string;
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  /** Absent for an operation meant to be valid; otherwise where the bad value sits and what it is. */
  readonly hostile?: string;
}

/** Every root field of the schema's query, mutation and subscription types: the catalog operations are drawn from. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots: [OperationKind, GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) => (type ? Object.values(type.getFields()).map((field) => ({ kind, type, field })) : []));
}

export interface OperationOptions {
  readonly hostile: boolean;
  /** Arguments as variables (what generated clients send) or written in the document (what hand-written queries do). */
  readonly style: 'variables' | 'inline';
  /** Nesting of the selection below the root field. */
  readonly depth: number;
  /** The smallest selection, for shrinking a failure to what matters. */
  readonly minimalSelection?: boolean;
}

/** Arguments for a root field, valid or with one hostile value, before they are written into a document. */
export interface FieldArguments {
  readonly values: Record<string, unknown>;
  readonly hostile?: string;
}

export class OperationBuilder {
  private readonly selections: Selections;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly random: FuzzRandom,
    private readonly values: InputValues,
    private readonly hints: ValueHints,
  ) {
    this.selections = new Selections(schema, random);
  }

  arguments(root: RootField, hostile: boolean): FieldArguments {
    const whole = this.hints.rootArguments(`${root.type.name}.${root.field.name}`, root.field.args);
    const values: Record<string, unknown> = whole !== undefined ? { ...whole } : {};
    if (whole === undefined) {
      for (const argument of root.field.args) {
        const required = isNonNullType(argument.type) && argument.defaultValue === undefined;
        if (required || this.random.chance(0.5)) {
          values[argument.name] = this.values.valid(argument.type, argumentSite(root.type.name, root.field.name, argument));
        }
      }
    }
    if (!hostile) return { values };
    const replaced = this.values.withOneHostile(root.field.args, root.type.name, root.field.name, values);
    return { values, hostile: `${formatPath(replaced.path)}: ${replaced.label}` };
  }

  build(root: RootField, options: OperationOptions): FuzzOperation {
    return this.write(root, this.arguments(root, options.hostile), options);
  }

  /** The document for given arguments: each as a variable, or inline when GraphQL can spell it. */
  write(root: RootField, args: FieldArguments, options: Omit<OperationOptions, 'hostile'>): FuzzOperation {
    const declarations: string[] = [];
    const passed: string[] = [];
    const variables: Record<string, unknown> = {};
    for (const argument of root.field.args) {
      if (!(argument.name in args.values)) continue;
      const value = args.values[argument.name];
      const literal = options.style === 'inline' ? printLiteral(value, argument.type) : undefined;
      if (literal !== undefined) {
        passed.push(`${argument.name}: ${literal}`);
      } else {
        const variable = `v_${argument.name}`;
        declarations.push(`$${variable}: ${String(argument.type)}`);
        passed.push(`${argument.name}: $${variable}`);
        Object.defineProperty(variables, variable, { value, enumerable: true, writable: true, configurable: true });
      }
    }
    const selection = options.minimalSelection ? this.selections.minimal(root.field.type) : this.selections.of(root.field.type, options.depth);
    const operationName = `Fuzz_${root.field.name}`;
    const header = `${root.kind} ${operationName}${declarations.length > 0 ? `(${declarations.join(', ')})` : ''}`;
    const call = `${root.field.name}${passed.length > 0 ? `(${passed.join(', ')})` : ''}`;
    return {
      kind: root.kind,
      target: `${root.type.name}.${root.field.name}`,
      query: `${header} { ${call} ${selection} }`,
      variables,
      operationName,
      hostile: args.hostile,
    };
  }
}
