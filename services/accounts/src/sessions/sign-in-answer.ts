import type { GraphQLResolveInfo } from 'graphql';
import { answerAs } from '@scriptbook/platform';
import type { AuthPayload } from '../players/player.model';

/**
 * What every sign-in mutation and refreshSession return: the payload, with
 * every field below it answered for the session it carries. These mutations
 * need no token, and whatever token the request sent along (the expired one
 * a refresh replaces, a signed-out one, another player's) has no say in the
 * answer.
 */
export async function answeredForItsSession(payload: Promise<AuthPayload>, context: object, info: GraphQLResolveInfo): Promise<AuthPayload> {
  const answer = await payload;
  answerAs(context, info, answer.session);
  return answer;
}
