import { queryLimitsConfigShape } from '@scriptbook/platform';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { LiveOperationGuard } from './live-operation-guard';
import { liveSchema } from './live-schema';

const FOLLOW = 'subscription Follow($id: ID!) { campaignChanged(campaignId: $id) { version } }';

function guard(subscriptionsPerSocket: number): LiveOperationGuard {
  const limits = z.object(queryLimitsConfigShape).parse({});
  const never = () => {
    throw new Error('admitting a subscription never starts it');
  };
  return new LiveOperationGuard(liveSchema(never), { ...limits, LIVE_SUBSCRIPTIONS_PER_SOCKET: subscriptionsPerSocket, LIVE_MESSAGES_PER_SECOND: 40 });
}

/** graphql-ws counts the subscribe being admitted among the socket's subscriptions. */
const holding = (count: number) => ({ subscriptions: Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i}`, null])) });

describe('what a subscribe on the live socket must pass', () => {
  it('refuses one subscription past the socket’s limit as a limit, with its rule and no field, as the query limits are told', () => {
    const refused = guard(3).admit(holding(4), { query: FOLLOW, variables: { id: 'c' } });
    expect(refused).toEqual([expect.any(GraphQLError)]);
    const [error] = refused as GraphQLError[];
    expect(error.message).toBe('This socket already holds 3 subscriptions, the most one socket may: complete one before starting another.');
    expect(error.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', rule: 'max-subscriptions' });
  });

  it('admits up to the limit, and any number when the limit is 0', () => {
    expect(guard(3).admit(holding(3), { query: FOLLOW, variables: { id: 'c' } })).toEqual(expect.objectContaining({ operationName: undefined }));
    expect(Array.isArray(guard(0).admit(holding(500), { query: FOLLOW, variables: { id: 'c' } }))).toBe(false);
  });

  it('refuses a variable holding a number beyond a double, naming where', () => {
    const refused = guard(3).admit(holding(1), { query: FOLLOW, variables: { id: Number.POSITIVE_INFINITY } }) as GraphQLError[];
    expect(refused.map((error) => error.extensions)).toEqual([{ code: 'BAD_USER_INPUT', field: '$id', rule: 'type', http: { status: 400 } }]);
  });
});
