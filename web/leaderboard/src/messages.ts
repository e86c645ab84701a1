import { ApiError, GraphQLErrorShape } from './api.js';

/** What the board keys are called on the page, for messages naming a refused field. */
const FIELD_LABELS: Record<string, string> = {
  'board.scenarioId': 'Scenario',
  'board.mapId': 'Map',
  'board.stalkerCount': 'Stalker count',
  after: 'page position',
  date: 'date',
  radius: 'range around you',
};

function fieldLabel(field: string | undefined): string {
  if (!field) return 'request';
  return FIELD_LABELS[field] ?? field;
}

/**
 * A sentence a visitor can act on, from the platform's error codes
 * (`extensions.code`, with the refused field and rule), never a stack or a
 * raw payload. The API's own message follows, since it names the rule.
 */
export function describeGraphQLError(error: GraphQLErrorShape): string {
  const { code, field, rule, retryAfter } = error.extensions ?? {};
  switch (code) {
    case 'BAD_USER_INPUT':
      if (rule === 'unknown') return `This ${fieldLabel(field)} is not known to the leaderboards. (${error.message})`;
      if (rule === 'not-yet') return `That day has not started yet: a challenge is shown from its own day on. (${error.message})`;
      return `The ${fieldLabel(field)} was refused. (${error.message})`;
    case 'NOT_FOUND':
      return `Not found: ${error.message}`;
    case 'UNAUTHENTICATED':
      return 'Your sign-in has expired or was refused. Sign in again.';
    case 'FORBIDDEN':
      return `Not allowed: ${error.message}`;
    case 'RATE_LIMITED':
      return `Too many requests. Try again in ${retryAfter ?? 60} s.`;
    default:
      return `The leaderboard service could not answer: ${error.message}`;
  }
}

/** Any failure of a section's load, as one sentence. */
export function describeFailure(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message;
  if (isGraphQLError(failure)) return describeGraphQLError(failure);
  if (failure instanceof Error) return `Something went wrong: ${failure.message}`;
  return 'Something went wrong.';
}

function isGraphQLError(value: unknown): value is GraphQLErrorShape {
  return typeof value === 'object' && value !== null && !(value instanceof Error) && typeof (value as GraphQLErrorShape).message === 'string';
}
