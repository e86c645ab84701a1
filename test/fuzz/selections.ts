import { GraphQLField, GraphQLNamedType, GraphQLOutputType, GraphQLSchema, getNamedType, isAbstractType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import { FuzzRandom } from './fuzz-random';

/** Fields a selection can name without arguments it would have to invent. */
function selectable(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.every((argument) => !isNonNullType(argument.type) || argument.defaultValue !== undefined);
}

/**
 * Selection sets for output types: a few leaves and, while depth remains, a
 * few nested objects; interfaces and unions through inline fragments on one
 * of their types. Kept small so cost and depth limits refuse only what is
 * meant to be refused.
 */
export class Selections {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly random: FuzzRandom,
  ) {}

  /** `''` for a leaf type, otherwise `{ ... }`. */
  of(type: GraphQLOutputType, depth: number): string {
    const named = getNamedType(type) as GraphQLNamedType;
    if (isLeafType(named)) return '';
    if (isAbstractType(named)) {
      const possible = this.schema.getPossibleTypes(named);
      const chosen = this.random.shuffle(possible).slice(0, this.random.int(1, 2));
      const fragments = chosen.map((object) => `... on ${object.name} ${this.objectSelection(object.getFields(), depth)}`);
      return `{ __typename ${fragments.join(' ')} }`;
    }
    if (isObjectType(named)) return this.objectSelection(named.getFields(), depth);
    return '{ __typename }';
  }

  /** The smallest selection a type takes: what a shrunk failing request keeps. */
  minimal(type: GraphQLOutputType): string {
    return isLeafType(getNamedType(type)) ? '' : '{ __typename }';
  }

  private objectSelection(fields: Record<string, GraphQLField<unknown, unknown>>, depth: number): string {
    const candidates = Object.values(fields).filter(selectable);
    const leaves = candidates.filter((field) => isLeafType(getNamedType(field.type)));
    const nested = candidates.filter((field) => !isLeafType(getNamedType(field.type)));
    const chosen = this.random.shuffle(leaves).slice(0, this.random.int(1, 3)).map((field) => field.name);
    if (depth > 0) {
      for (const field of this.random.shuffle(nested).slice(0, this.random.int(0, 2))) {
        chosen.push(`${field.name} ${this.of(field.type, depth - 1)}`);
      }
    }
    if (chosen.length === 0) chosen.push('__typename');
    return `{ ${chosen.join(' ')} }`;
  }
}
