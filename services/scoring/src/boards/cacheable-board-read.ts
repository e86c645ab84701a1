import type { FragmentDefinitionNode, OperationDefinitionNode, SelectionSetNode } from 'graphql';

/** A root field whose answer comes from a game's boards in Redis alone, and whether it depends on the caller. */
export interface BoardReadField {
  readonly gameId: string;
  /** True for a read of the caller's own place (around-me): its answer is kept per player. */
  readonly perPlayer: boolean;
}

/** What an operation made only of board reads needs for its answer to be kept. */
export interface CacheableBoardRead {
  /** The games whose boards' versions the answer is kept by, sorted, once each. */
  readonly gameIds: readonly string[];
  readonly perPlayer: boolean;
}

/**
 * Fields below a board read that are read from elsewhere than the boards'
 * Redis keys: a result's breakdown comes from Postgres, and changes there
 * (a rescore) reach the boards' version only when the rebuild ends, so an
 * operation asking for one is always executed.
 */
const READ_ELSEWHERE = new Set(['breakdown']);

/**
 * Whether an operation's answer is a function of the boards' versions, the
 * arguments, the period and (for around-me) the caller alone, so that it may
 * be kept and given again: a query whose every root field is a board read
 * of `fields` (or `__typename`) and that asks for nothing read elsewhere.
 * Null for every other operation, which is executed as usual.
 */
export function cacheableBoardRead(
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  fields: ReadonlyMap<string, BoardReadField>,
): CacheableBoardRead | null {
  if (operation.operation !== 'query') return null;
  const gameIds = new Set<string>();
  let perPlayer = false;
  const roots = fieldsOf(operation.selectionSet, fragments, new Set());
  if (!roots) return null;
  for (const root of roots) {
    if (root.name.value === '__typename') continue;
    const read = fields.get(root.name.value);
    if (!read || !root.selectionSet || !readsOnlyBoards(root.selectionSet, fragments, new Set())) return null;
    gameIds.add(read.gameId);
    perPlayer ||= read.perPlayer;
  }
  if (gameIds.size === 0) return null;
  return { gameIds: [...gameIds].sort(), perPlayer };
}

type FieldNode = Extract<SelectionSetNode['selections'][number], { kind: 'Field' }>;

/** The fields of a selection set with fragments spread in; null when a fragment is missing. */
function fieldsOf(set: SelectionSetNode, fragments: Readonly<Record<string, FragmentDefinitionNode>>, seen: Set<string>): FieldNode[] | null {
  const out: FieldNode[] = [];
  for (const selection of set.selections) {
    if (selection.kind === 'Field') {
      out.push(selection);
      continue;
    }
    let inner: SelectionSetNode;
    if (selection.kind === 'InlineFragment') inner = selection.selectionSet;
    else {
      const fragment = fragments[selection.name.value];
      // Validation refuses cycles; a spread seen twice on one path is left to execution to answer.
      if (!fragment || seen.has(fragment.name.value)) return null;
      inner = fragment.selectionSet;
      seen = new Set(seen).add(fragment.name.value);
    }
    const spread = fieldsOf(inner, fragments, seen);
    if (!spread) return null;
    out.push(...spread);
  }
  return out;
}

function readsOnlyBoards(set: SelectionSetNode, fragments: Readonly<Record<string, FragmentDefinitionNode>>, seen: Set<string>): boolean {
  const selected = fieldsOf(set, fragments, seen);
  if (!selected) return false;
  return selected.every((field) => !READ_ELSEWHERE.has(field.name.value) && (!field.selectionSet || readsOnlyBoards(field.selectionSet, fragments, seen)));
}
