import { ContentOnlyOperations, onlyFetchesFrom, operationKey } from './content-only-plan';

const fetch = (serviceName: string) => ({ kind: 'Fetch', serviceName, operation: '{ x }', operationKind: 'query' });
const plan = (node?: object) => ({ kind: 'QueryPlan', node }) as Parameters<typeof onlyFetchesFrom>[0];

describe('onlyFetchesFrom', () => {
  it('is true for a plan whose every fetch goes to content', () => {
    expect(onlyFetchesFrom(plan(fetch('content')), 'content')).toBe(true);
    expect(onlyFetchesFrom(plan({ kind: 'Parallel', nodes: [fetch('content'), fetch('content')] }), 'content')).toBe(true);
  });

  it('is false when a nested entity fetch goes to another subgraph, when nothing is fetched, or for a node it does not know', () => {
    const mixed = { kind: 'Sequence', nodes: [fetch('content'), { kind: 'Flatten', path: ['games', '@'], node: fetch('scoring') }] };
    expect(onlyFetchesFrom(plan(mixed), 'content')).toBe(false);
    expect(onlyFetchesFrom(plan(), 'content')).toBe(false);
    expect(onlyFetchesFrom(plan({ kind: 'Subscription', primary: fetch('content') }), 'content')).toBe(false);
  });
});

describe('ContentOnlyOperations', () => {
  it('remembers each operation of a document apart', () => {
    const memo = new ContentOnlyOperations();
    memo.remember(operationKey('abc', 'Games'), true);
    memo.remember(operationKey('abc', 'Me'), false);
    expect(memo.isContentOnly(operationKey('abc', 'Games'))).toBe(true);
    expect(memo.isContentOnly(operationKey('abc', 'Me'))).toBe(false);
    expect(memo.isContentOnly(operationKey('abc', undefined))).toBeUndefined();
  });
});
