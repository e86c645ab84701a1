import { BadUserInputError, ConnectionShape, decodeCursor, encodeCursor, pageSize, toConnection } from '@scriptbook/platform';

/**
 * Relay pagination over a list already in memory and in a stable order.
 * The cursor is the id of the last item seen, so a page stays correct
 * even if a later release adds items before it.
 */
export function paginate<T extends { id: string }>(
  items: readonly T[],
  first: number | null | undefined,
  after: string | null | undefined,
): ConnectionShape<T> {
  const limit = pageSize(first);
  let start = 0;
  if (after) {
    const afterId = String(decodeCursor(after, 1)[0]);
    const index = items.findIndex((item) => item.id === afterId);
    if (index < 0) throw new BadUserInputError('after', 'cursor', 'after is not a cursor of this list');
    start = index + 1;
  }
  return toConnection(items.slice(start, start + limit + 1), limit, (item) => encodeCursor([item.id]), start > 0);
}
