import { followCampaign } from '../../services/campaigns/src/testing/live-follower';
import { checkAnswer } from './answer-checks';
import { FuzzRunner } from './fuzz-runner';
import { FuzzWorld } from './fuzz-world';
import { FOLLOW } from './live-cases';
import { overSocket, post } from './transports';
import { CALLER_ENDING_MUTATIONS } from './value-knowledge';

/** How soon a live stream must end once its session has: revocations reach every process before the sign-out answers. */
export const STREAM_ENDS_WITHIN_MS = 3_000;

const ENDING_OPERATIONS: Readonly<Record<string, string>> = {
  signOut: 'mutation { signOut }',
  signOutEverywhere: 'mutation { signOutEverywhere }',
  deleteMyAccount: `mutation($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { __typename } }`,
};

/**
 * A player follows its own campaign, then ends its session (or account) in
 * one of the ways the schema offers. The open stream must end soon after,
 * with well-formed errors, and the same token must not start a new one.
 */
export async function sessionEndCase(world: FuzzWorld, runner: FuzzRunner, gatewayUrl: string, mutationName: string, codes: ReadonlySet<string>): Promise<void> {
  if (!CALLER_ENDING_MUTATIONS.has(mutationName)) throw new Error(`${mutationName} does not end a session`);
  const actor = await world.throwaway();
  const created = await world.call(actor, `mutation { createCampaign(input: { gameId: "${world.values('campaignGame')[0]}", name: "Followed" }) { id } }`);
  const campaignId = created.createCampaign.id as string;
  const follower = followCampaign(gatewayUrl, campaignId, { token: actor.token, signWith: false });
  try {
    await follower.reach(0);
    const query = ENDING_OPERATIONS[mutationName];
    const ending = { family: 'sessions', target: `Mutation.${mutationName} with a stream open`, request: post(actor, { query, variables: { input: { password: 'a long password' } } }), mutation: true };
    await runner.run(ending);

    const ended = await Promise.race([follower.ended, new Promise<undefined>((done) => setTimeout(() => done(undefined), STREAM_ENDS_WITHIN_MS))]);
    if (!ended) {
      runner.report(ending, { check: 'stream-outlives-session', detail: `campaignChanged still open ${STREAM_ENDS_WITHIN_MS} ms after ${mutationName} answered` });
    } else {
      const asAnswer = { elapsedMs: 0, results: ended.errors ? [{ errors: ended.errors }] : [], closed: ended.closed };
      for (const violation of checkAnswer(asAnswer, codes)) runner.report(ending, violation);
    }

    const again = { family: 'sessions', target: `Subscription.campaignChanged after ${mutationName}`, request: overSocket(actor, { query: FOLLOW, variables: { id: campaignId } }), mutation: false };
    const outcome = await runner.run(again);
    const codesSeen = outcome.answer.results.flatMap((result) => (Array.isArray(result.errors) ? result.errors : [])).map((error) => error?.extensions?.code);
    if (!codesSeen.includes('UNAUTHENTICATED')) {
      runner.report(again, { check: 'ended-session-still-subscribes', detail: `a new subscription after ${mutationName} answered ${codesSeen.length > 0 ? codesSeen.join(', ') : 'an event'}, not UNAUTHENTICATED` });
    }
  } finally {
    await follower.stop();
  }
}
