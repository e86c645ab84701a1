import { DocumentNode, FieldNode, FragmentDefinitionNode, Kind, SelectionNode, SelectionSetNode } from 'graphql';

/**
 * One place in an answer: every field selection of the document that lands
 * there once fragments are expanded, and the places below it by response
 * key. GraphQL's validation (OverlappingFieldsCanBeMerged) compares each
 * pair of selections that share a place, recursively, so the work it does
 * grows with the square of `fields.length`, summed over places.
 */
export interface ResponsePlace {
  /** The response key: the alias, else the field name. */
  readonly key: string;
  /** The selections merged here; a fragment spread twice contributes its fields twice. */
  readonly fields: FieldNode[];
  /** The places one level down, filled only while the walk stayed within its budget. */
  readonly children: Map<string, ResponsePlace>;
}

export interface ResponseShape {
  /**
   * The walk's work: for every place, the square of the selections merged
   * there, plus one for every fragment (named or inline) expanded. Stops
   * growing soon after it passes the budget.
   */
  readonly work: number;
  readonly withinBudget: boolean;
  /** The top of each operation, as far as the walk got. */
  readonly operations: readonly ResponsePlace[];
}

/**
 * Walks the document once, breadth first, merging selections by response
 * key with fragments expanded, and stops as soon as the work passes
 * `budget`: the walk never costs more than about the budget, whatever the
 * document (a fragment spread a thousand times, or fragments that spread
 * each other in a chain, expand only until then; so does a fragment cycle,
 * which callers refuse first with `hasFragmentCycle`). A spread of an
 * unknown fragment is skipped; validation reports it.
 */
export function responseShape(document: DocumentNode, budget: number): ResponseShape {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk = new ShapeWalk(fragments, budget);
  const operations: ResponsePlace[] = [];
  // Fragment definitions are walked on their own as well: validation compares the fields inside each one even if nothing spreads it.
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION && definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const root: ResponsePlace = { key: '', fields: [], children: new Map() };
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(root);
    if (!walk.fill(root, [definition.selectionSet])) break;
  }
  return { work: walk.work, withinBudget: walk.work <= budget, operations };
}

class ShapeWalk {
  work = 0;

  constructor(
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly budget: number,
  ) {}

  /** Fills `root` and every place below it; false once over budget. */
  fill(root: ResponsePlace, selectionSets: readonly SelectionSetNode[]): boolean {
    const queue: [ResponsePlace, readonly SelectionSetNode[]][] = [[root, selectionSets]];
    for (let next = 0; next < queue.length; next++) {
      const [place, sets] = queue[next];
      if (!this.merge(sets, place.children)) return false;
      for (const child of place.children.values()) {
        const below = child.fields.flatMap((field) => (field.selectionSet ? [field.selectionSet] : []));
        if (below.length > 0) queue.push([child, below]);
      }
    }
    return true;
  }

  /** Merges the selections of `sets` into `places`, fragments expanded, without recursion (a long fragment chain must not exhaust the stack). */
  private merge(sets: readonly SelectionSetNode[], places: Map<string, ResponsePlace>): boolean {
    const pending: SelectionNode[] = [];
    for (let i = sets.length - 1; i >= 0; i--) pushAll(pending, sets[i]);
    while (pending.length > 0) {
      const item = pending.pop()!;
      if (item.kind === Kind.FIELD) {
        const key = item.alias?.value ?? item.name.value;
        let place = places.get(key);
        if (!place) places.set(key, (place = { key, fields: [], children: new Map() }));
        place.fields.push(item);
        // (k + 1)² − k²: the sum of squares grows by this as the place's count goes from k to k + 1.
        this.work += 2 * place.fields.length - 1;
      } else if (item.kind === Kind.INLINE_FRAGMENT) {
        this.work += 1;
        pushAll(pending, item.selectionSet);
      } else {
        this.work += 1;
        const fragment = this.fragments.get(item.name.value);
        if (fragment) pushAll(pending, fragment.selectionSet);
      }
      if (this.work > this.budget) return false;
    }
    return true;
  }
}

function pushAll(pending: SelectionNode[], set: SelectionSetNode): void {
  for (let i = set.selections.length - 1; i >= 0; i--) pending.push(set.selections[i]);
}

/**
 * True when some fragment spreads itself, directly or through others. Such
 * a document is invalid, and expanding it would never end, so it is
 * refused before anything expands it. Linear in the document.
 */
export function hasFragmentCycle(document: DocumentNode): boolean {
  const spreads = new Map<string, string[]>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) spreads.set(definition.name.value, spreadNames(definition.selectionSet));
  }
  const DONE = 2;
  const state = new Map<string, number>();
  for (const start of spreads.keys()) {
    if (state.has(start)) continue;
    // Depth-first without recursion: each frame is a fragment and how many of its spreads were followed.
    const stack: [string, number][] = [[start, 0]];
    state.set(start, 1);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const targets = spreads.get(frame[0])!;
      if (frame[1] === targets.length) {
        state.set(frame[0], DONE);
        stack.pop();
        continue;
      }
      const target = targets[frame[1]++];
      if (!spreads.has(target)) continue;
      const seen = state.get(target);
      if (seen === 1) return true;
      if (seen === undefined) {
        state.set(target, 1);
        stack.push([target, 0]);
      }
    }
  }
  return false;
}

function spreadNames(set: SelectionSetNode): string[] {
  const names: string[] = [];
  const pending: SelectionSetNode[] = [set];
  while (pending.length > 0) {
    for (const selection of pending.pop()!.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) names.push(selection.name.value);
      else if (selection.selectionSet) pending.push(selection.selectionSet);
    }
  }
  return names;
}
