import { BadUserInputError } from '@scriptbook/platform';
import { RuleInputError } from '@scriptbook/rules-engine';

const CLIENT_SUBMISSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The id a client makes up once per play and sends again on every retry. */
export function checkClientSubmissionId(id: string, at = 'input'): void {
  if (!CLIENT_SUBMISSION_ID.test(id)) {
    throw new BadUserInputError(`${at}.clientSubmissionId`, 'format', `${at}.clientSubmissionId: 8 to 64 letters, digits, \`-\` or \`_\`, the same on every retry of one submission`);
  }
}

/** A game's refusals name a field of the submission; the graph names it under its argument, `input` unless said. */
export function underInput<T>(run: () => T, at = 'input'): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleInputError) throw new BadUserInputError(`${at}.${error.field}`, error.rule, `${at}.${error.field}: ${error.message}`);
    throw error;
  }
}
