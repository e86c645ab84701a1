import { Type } from '@nestjs/common';
import { ArgsType, Directive, Field, Int, ObjectType } from '@nestjs/graphql';
import { BadUserInputError } from '../errors/domain-errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

@ObjectType({ description: 'Relay page information: where this page sits in the whole list.' })
// Every subgraph with a paginated list declares this same value type.
@Directive('@shareable')
export class PageInfo {
  @Field({ description: 'Whether items follow this page; fetch them with `after: endCursor`.' }) hasNextPage!: boolean;
  @Field({ description: 'Whether items come before this page (true when the page was asked for with `after`).' })
  hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first item of the page; null for an empty page.' })
  startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last item of the page, to pass as `after`; null for an empty page.' })
  endCursor!: string | null;
}

/** Forward pagination arguments shared by every list that can grow. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).` })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item already seen (endCursor).' })
  after?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface ConnectionShape<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/** Builds the `<Name>Connection` and `<Name>Edge` object types for a node type. */
export function Connection<T>(nodeType: Type<T>, name: string): Type<ConnectionShape<T>> {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a page, with the cursor that points at it.` })
  class EdgeType {
    @Field({ description: 'Opaque position of this item; pass it as `after` to read on from here.' }) cursor!: string;
    @Field(() => nodeType, { description: `The ${name} itself.` }) node!: T;
  }

  @ObjectType(`${name}Connection`, { isAbstract: false, description: `A page of ${name} items in a stable order (Relay connection).` })
  class ConnectionType {
    @Field(() => [EdgeType], { description: 'The items of this page, in order.' }) edges!: Edge<T>[];
    @Field(() => PageInfo, { description: 'Where this page sits in the whole list.' }) pageInfo!: PageInfo;
  }
  return ConnectionType as Type<ConnectionShape<T>>;
}

/** Validates `first` against the documented bounds. */
export function pageSize(first: number | null | undefined, field = 'first'): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
    throw new BadUserInputError(field, 'range', `${field} must be between 1 and ${MAX_PAGE_SIZE}`);
  }
  return first;
}

/** Cursors are opaque to clients: base64url of the sort key of an item. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string, arity: number, field = 'after'): (string | number)[] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(key) && key.length === arity && key.every((part) => typeof part === 'string' || typeof part === 'number')) {
      return key;
    }
  } catch {
    // fall through to the error below
  }
  throw new BadUserInputError(field, 'cursor', `${field} is not a cursor this list produced`);
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only tells
 * whether another page exists.
 */
export function toConnection<T>(
  rows: readonly T[],
  limit: number,
  cursorOf: (row: T) => string,
  hasPreviousPage: boolean,
): ConnectionShape<T> {
  const page = rows.slice(0, limit);
  const edges = page.map((node) => ({ node, cursor: cursorOf(node) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: rows.length > limit,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
